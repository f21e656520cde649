// Where the operator console is: its panel and the user it shows are in the address
// (`/operator?panel=address`, `/operator?user=ID`), so a reload, Back and time travel show the
// same; what support types (an email, a client address) stays in the store, out of the address.
// The panels themselves are the view's (features/operator/panels.ts): the store only reads their names.
import { ROUTES } from '../../store/routes';

/** The panel the console opens on. */
export const FIRST_PANEL = 'users';

export interface OperatorPlace {
  /** A panel's id as the address names it (the view shows the first panel for an unknown one). */
  panel: string;
  /** The user whose page is open (panel `users`), or null for the search. */
  userId: string | null;
}

export function operatorPlaceOf(search: string): OperatorPlace {
  const query = new URLSearchParams(search);
  const panel = query.get('panel') || FIRST_PANEL;
  const userId = panel === FIRST_PANEL ? query.get('user') || null : null;
  return { panel, userId };
}

/** The console's address for a panel, or for a user's page. */
export function operatorHref(place: { panel?: string; userId?: string | null }): string {
  if (place.userId) return `${ROUTES.operator}?user=${encodeURIComponent(place.userId)}`;
  if (!place.panel || place.panel === FIRST_PANEL) return ROUTES.operator;
  return `${ROUTES.operator}?panel=${encodeURIComponent(place.panel)}`;
}
