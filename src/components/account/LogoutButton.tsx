import { logoutRequested } from '../../../store/auth/authSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectSubmission } from '../../../store/submissions/submissionsSlice';
import { useT } from '../intl/useT';

export function LogoutButton() {
  const t = useT();
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => selectSubmission(state, 'logout')).status === 'pending';
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
