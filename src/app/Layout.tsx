import type { ReactNode } from 'react';

import { useAppSelector } from '../../store/hooks';
import { selectScreen } from '../../store/navigation/screenSelectors';
import { FooterLinks } from '../components/FooterLinks';
import { useT } from '../components/intl/useT';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { SkipLink } from '../components/SkipLink';

import { NoticeBanner } from './NoticeBanner';
import { WaitIndicator } from './WaitIndicator';

export function Layout({ children }: { children: ReactNode }) {
  const t = useT();
  const screen = useAppSelector(selectScreen);
  const busy = screen.kind === 'loading' || screen.busy;
  return (
    <div className="app">
      <SkipLink target="main" />
      <header className="app-header">
        <div className="app-header__inner">
          <p className="app-header__name">{t('app.name')}</p>
          <LanguageSwitch />
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="app-main"
        aria-busy={busy}
        data-wait={screen.wait ?? undefined}
      >
        <WaitIndicator wait={screen.wait} />
        <NoticeBanner />
        <div className="app-main__view" inert={busy}>
          {children}
        </div>
      </main>
      <footer className="app-footer">
        <FooterLinks />
      </footer>
    </div>
  );
}
