export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

/** A browser location as plain data; `state` must itself be serializable. */
export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
  key: string;
  state: unknown;
}

export function toHref(location: Pick<AppLocation, 'pathname' | 'search' | 'hash'>): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

export function sameHref(
  a: Pick<AppLocation, 'pathname' | 'search' | 'hash'>,
  b: Pick<AppLocation, 'pathname' | 'search' | 'hash'>,
): boolean {
  return a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;
}
