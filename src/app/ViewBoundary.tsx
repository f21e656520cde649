import { Component, type ErrorInfo, type ReactNode } from 'react';

import { viewFailed, type ViewFailureReason } from '../../store/navigationSlice';
import type { RouteName } from '../../store/routes';
import type { AppDispatch } from '../../store/store';

import { rememberViewError } from './viewErrors';
import { ViewFailedCard } from './ViewFailedCard';
import { ViewLoadError } from './views';

const reasonOf = (error: unknown): ViewFailureReason =>
  error instanceof ViewLoadError ? 'load' : 'render';

interface ViewBoundaryProps {
  view: RouteName;
  dispatch: AppDispatch;
  children: ReactNode;
}

/**
 * Catches a view whose chunk fails or that throws while rendering, and tells the store
 * (`app/viewFailed`), which then shows the failure in its place; a retry mounts a new boundary.
 */
export class ViewBoundary extends Component<
  ViewBoundaryProps,
  { reason: ViewFailureReason | null }
> {
  override state: { reason: ViewFailureReason | null } = { reason: null };

  static getDerivedStateFromError(error: unknown) {
    return { reason: reasonOf(error) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    const { view, dispatch } = this.props;
    rememberViewError(view, error, info.componentStack ?? undefined);
    dispatch(viewFailed({ view, reason: reasonOf(error) }));
  }

  override render() {
    const { reason } = this.state;
    // Until the store says so (and for a store that drops actions, as replay's), the same card.
    if (reason) return <ViewFailedCard view={this.props.view} reason={reason} />;
    return this.props.children;
  }
}
