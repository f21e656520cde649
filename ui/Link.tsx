// The app's in-app link, for every view: its click goes through the navigator of StoreRouter
// (src/app/StoreRouter.tsx), which turns it into a `router/navigationRequested` event.
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  children: ReactNode;
}

/**
 * An in-app link: the `href` the browser shows, opens in a new tab or copies, and a plain click
 * that goes through the navigator above. Built from the two hooks React Router documents for
 * custom links rather than its `<Link>`, which also carries framework mode's route prefetching
 * and view transitions: this app uses neither, and they were 3.6 KiB of `/login`'s first load
 * (gzipped).
 */
export function Link({ to, onClick, children, ...rest }: LinkProps) {
  const path = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target: rest.target });
  return (
    <a
      {...rest}
      href={path}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    >
      {children}
    </a>
  );
}
