import { useEffect, useId, useRef, type ReactNode } from 'react';

import { APP_NAME } from '../../store/constants';

import { focusFirstEmptyField } from './focusOnOpen';

interface PageCardProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Links to the neighbouring views, under the card's content. */
  links?: ReactNode;
  /**
   * Where the focus goes when the view opens: its first empty field, or its title for a view
   * whose fields are not what the visitor came for.
   */
  focusOnOpen?: 'firstEmptyField' | 'title';
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
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusOnOpen === 'firstEmptyField') focusFirstEmptyField(cardRef.current);
    else if (document.activeElement === document.body) headingRef.current?.focus();
    // Once, when the view opens: later renders leave the focus where the visitor put it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section ref={cardRef} className="card" aria-labelledby={headingId}>
      <title>{`${title} · ${APP_NAME}`}</title>
      <h1 ref={headingRef} id={headingId} className="card__title" tabIndex={-1}>
        {title}
      </h1>
      {intro ? <p className="card__intro">{intro}</p> : null}
      {children}
      {links ? <div className="card__links">{links}</div> : null}
    </section>
  );
}
