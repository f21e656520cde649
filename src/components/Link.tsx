// An in-app link: the `href` the browser shows, opens in a new tab or copies, and a plain click
// that navigates through the router (and so through the store's navigation events). Built from
// the two hooks React Router documents for custom links rather than its `<Link>`: that one also
// carries framework mode's route prefetching and view transitions, which this app does not use
// and which were about 1.4 KiB of `/login`'s first load (gzipped).
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  children: ReactNode;
}

export function Link({ to, onClick, children, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target: rest.target });
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    >
      {children}
    </a>
  );
}
