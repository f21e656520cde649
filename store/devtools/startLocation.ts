// The store starts at the page's own location, so that the very first state (where DevTools
// time travel can jump back to) has a URL to show, before the first navigation is recorded.
import type { RootState } from '../rootReducer';
import type { AppLocation } from '../router/location';

export function withStartLocation(
  state: Partial<RootState>,
  location: AppLocation,
): Partial<RootState> {
  return { ...state, router: { location, action: 'POP' } };
}
