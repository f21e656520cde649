import { logoutRequested } from '../../store/authSlice';
import { useAppDispatch } from '../../store/hooks';
import { useEndpointCall } from '../../ui/form/useEndpointForm';
import { useT } from '../../ui/intl/useT';

export function LogoutButton() {
  const t = useT();
  const dispatch = useAppDispatch();
  // Sent by the log-out listener (store/wayIn.ts), which forgets the session whatever it answers.
  const busy = useEndpointCall('logout').submission.status === 'pending';
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={busy}
      aria-busy={busy}
      onClick={() => dispatch(logoutRequested())}
    >
      {busy ? t('home.loggingOut') : t('home.logout')}
    </button>
  );
}
