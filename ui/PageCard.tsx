import { useEffect, useId, useRef, type ReactNode } from 'react';

import { APP_NAME } from '../store/constants';

import { focusFirstEmptyField, focusHeading } from './focusOnOpen';

interface PageCardProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Links to the neighbouring views, under the card's content. */
  links?: ReactNode;
  /**
   * Where the focus goes as the view opens: a form view's first empty field (what it is for), or
   * the heading of a view that is read first (home), never a field below the first screenful.
   */
  focusOnOpen?: 'firstEmptyField' | 'heading';
}

/** One view's centred card; its title also names the browser tab. */
export function PageCard({
  title,
  intro,
  children,
  links,
  focusOnOpen = 'firstEmptyField',
}: PageCardProps) {
  const headingId = useId();
  const cardRef = useRef<HTMLElement>(null);
  const opensOn = useRef(focusOnOpen);

  useEffect(() => {
    // Once, when the view opens: later renders leave the focus where the visitor put it.
    if (opensOn.current === 'heading') focusHeading(cardRef.current);
    else focusFirstEmptyField(cardRef.current);
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
