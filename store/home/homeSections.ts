// Home's settings, in sections opened one at a time; the open one is in the address
// (`/?section=password`), so a reload, Back and time travel show the same one. The email change's
// link (`/?email-code=…`) opens the section that takes its code.
import { LINK_QUERY } from '../../contract/routes';
import { ROUTES } from '../routes';

export const HOME_SECTIONS = [
  'profile',
  'password',
  'passkeys',
  'security',
  'sessions',
  'providers',
  'delete',
] as const;

export type HomeSection = (typeof HOME_SECTIONS)[number];

/** The section home's address opens, or null for the overview alone. */
export function homeSectionOf(search: string): HomeSection | null {
  const query = new URLSearchParams(search);
  const named = query.get('section');
  const known = HOME_SECTIONS.find((section) => section === named);
  if (known) return known;
  return query.get(LINK_QUERY.emailCode) ? 'profile' : null;
}

/** Home with `section` open (null: closed). */
export function homeSectionHref(section: HomeSection | null): string {
  return section ? `${ROUTES.home}?section=${section}` : ROUTES.home;
}
