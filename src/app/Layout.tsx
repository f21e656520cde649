import type { ReactNode } from 'react';

import { FooterLinks } from '../components/FooterLinks';
import { useT } from '../components/intl/useT';
import { LanguageSwitch } from '../components/LanguageSwitch';

export function Layout({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="app">
      <header className="app-header">
        <div className="app-header__inner">
          <p className="app-header__name">{t('app.name')}</p>
          <LanguageSwitch />
        </div>
      </header>
      <main className="app-main">{children}</main>
      <footer className="app-footer">
        <FooterLinks />
      </footer>
    </div>
  );
}
