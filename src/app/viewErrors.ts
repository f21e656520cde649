// Development only: the error each view last threw while rendering, so the failure card can show
// it where the developer looks. Errors are no state (the store holds only serializable facts),
// and a production build never keeps or shows them.
import { viewRetried } from '../../store/navigationSlice';
import type { RouteName } from '../../store/routes';
import type { AppStore } from '../../store/store';

const lastErrors = new Map<RouteName, unknown>();

const development = () => process.env.NODE_ENV === 'development';

export function rememberViewError(view: RouteName, error: unknown, componentStack?: string) {
  if (!development()) return;
  lastErrors.set(view, { error, componentStack });
}

/** What the view threw, as text (its stack, then the components above it); null outside development. */
export function viewErrorText(view: RouteName): string | null {
  if (!development()) return null;
  const last = lastErrors.get(view) as { error: unknown; componentStack?: string } | undefined;
  if (!last) return null;
  const { error, componentStack } = last;
  const text =
    error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  return componentStack ? `${text}\n\nIn the components:${componentStack}` : text;
}

/**
 * After a hot update is applied (likely the fix), a view that broke while rendering is tried
 * again, as "Try again" would.
 */
export function retryBrokenViewAfterHotUpdate(store: AppStore) {
  const { failure } = store.getState().navigation;
  if (failure?.reason === 'render') {
    lastErrors.delete(failure.view);
    store.dispatch(viewRetried({ view: failure.view, trigger: 'hotUpdate' }));
  }
}
