import { useEffect, useId, useRef, type ReactNode } from 'react';

import { APP_NAME } from '../../store/constants';

import { focusFirstEmptyField } from './focusOnOpen';

interface PageCardProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Links to the neighbouring views, under the card's content. */
  links?: ReactNode;
}

/** One view's centred card; its title also names the browser tab. */
export function PageCard({ title, intro, children, links }: PageCardProps) {
  const headingId = useId();
  const cardRef = useRef<HTMLElement>(null);

  useEffect(() => {
    // Once, when the view opens: later renders leave the focus where the visitor put it.
    focusFirstEmptyField(cardRef.current);
  }, []);

  return (
    <section ref={cardRef} className="card" aria-labelledby={headingId}>
      <title>{`${title} · ${APP_NAME}`}</title>
      <h1 id={headingId} className="card__title" tabIndex={-1}>
        {title}
      </h1>
      {intro ? <p className="card__intro">{intro}</p> : null}
      {children}
      {links ? <div className="card__links">{links}</div> : null}
    </section>
  );
}
