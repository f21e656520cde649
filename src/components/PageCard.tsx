import { useId, type ReactNode } from 'react';

import { useT } from './intl/useT';

interface PageCardProps {
  title: string;
  intro?: string;
  children: ReactNode;
  /** Links to the neighbouring views, under the card's content. */
  links?: ReactNode;
}

/** One view's centred card; its title also names the browser tab. */
export function PageCard({ title, intro, children, links }: PageCardProps) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="card" aria-labelledby={headingId}>
      <title>{`${title} · ${t('app.name')}`}</title>
      <h1 id={headingId} className="card__title">
        {title}
      </h1>
      {intro ? <p className="card__intro">{intro}</p> : null}
      {children}
      {links ? <div className="card__links">{links}</div> : null}
    </section>
  );
}
