// "Use a passkey instead" under the confirmation's password form (ui/confirm), where the browser
// can and the account has one; its words are the confirmation's, around it.
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { useT } from '../../ui/intl/useT';
import {
  passkeyConfirmRequested,
  selectPasskeyConfirm,
  selectPasskeyList,
  selectPasskeySupport,
} from './passkeysSlice';

/** "Use a passkey instead", where the browser can and the account has one. */
export function PasskeyConfirm({ onAsk }: { onAsk: () => void }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const supported = useAppSelector(selectPasskeySupport);
  const list = useAppSelector(selectPasskeyList);
  const ceremony = useAppSelector(selectPasskeyConfirm);
  if (!supported || list.status !== 'loaded' || list.items.length === 0) return null;
  const busy = ['options', 'browser', 'sending'].includes(ceremony.step);
  const problem =
    ceremony.step !== 'failed' || ceremony.failure === 'stopped'
      ? null
      : ceremony.failure === 'refused'
        ? t('confirm.passkeyRefused')
        : t('confirm.passkeyCancelled');
  return (
    <div className="confirm__passkey">
      <button
        type="button"
        className="button button--secondary"
        disabled={busy}
        aria-busy={busy}
        onClick={() => {
          onAsk();
          dispatch(passkeyConfirmRequested());
        }}
      >
        {busy ? t('confirm.withPasskeyBusy') : t('confirm.withPasskey')}
      </button>
      <p role="status" className="confirm__problem">
        {problem}
      </p>
    </div>
  );
}
