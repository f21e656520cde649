import type { ReactNode } from 'react';

import { APP_NAME } from '../../store/constants';
import { useAppSelector } from '../../store/hooks';
import { selectScreen } from '../../store/screenSelectors';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { SkipLink } from '../../ui/SkipLink';
import { FooterLinks } from './FooterLinks';

import { NoticeBanner } from './NoticeBanner';
import { WaitIndicator } from './WaitIndicator';

export function Layout({ children }: { children: ReactNode }) {
  const screen = useAppSelector(selectScreen);
  const busy = screen.kind === 'loading' || screen.busy;
  return (
    <div className="app">
      <SkipLink target="main" />
      <header className="app-header">
        <div className="app-header__inner">
          <p className="app-header__name">{APP_NAME}</p>
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
