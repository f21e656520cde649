import type { MouseEvent } from 'react';

import { useT } from './intl/useT';

/**
 * The page's first stop for the keyboard, shown once focused: it moves the focus past the header
 * to `main`. The focus moves by hand, since the address must not change: a new address is a
 * navigation here.
 */
export function SkipLink({ target }: { target: string }) {
  const t = useT();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(target)?.focus();
  };
  return (
    <a className="skip-link" href={`#${target}`} onClick={skip}>
      {t('app.skipToContent')}
    </a>
  );
}
