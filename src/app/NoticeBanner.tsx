import type { MessageId } from '../../i18n/messages/en';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { noticeDismissed, selectNotice, type NoticeKind } from '../../store/notice/noticeSlice';
import { selectScreen } from '../../store/screenSelectors';
import { useT } from '../../ui/intl/useT';

const MESSAGES: Record<NoticeKind, MessageId> = {
  activated: 'notice.activated',
  passwordReset: 'notice.passwordReset',
  passwordResetNeedsCode: 'notice.passwordResetNeedsCode',
  accountDeleted: 'notice.accountDeleted',
  loggedOut: 'notice.loggedOut',
  sessionEnded: 'notice.sessionEnded',
  activationLinkWhileSignedIn: 'notice.activationLinkWhileSignedIn',
  resetLinkWhileSignedIn: 'notice.resetLinkWhileSignedIn',
  signInAgain: 'notice.signInAgain',
  operatorsOnly: 'notice.operatorsOnly',
};

/**
 * What just happened, said once above the view it was meant for. The region stays in the page
 * when empty, so that a new notice is announced.
 */
export function NoticeBanner() {
  const t = useT();
  const dispatch = useAppDispatch();
  const notice = useAppSelector(selectNotice);
  const screen = useAppSelector(selectScreen);
  const shown = notice !== null && screen.kind !== 'loading' && !screen.busy;
  return (
    <div className="notice" role="status">
      {shown ? (
        <>
          <p className="notice__text" data-notice={notice}>
            {t(MESSAGES[notice])}
          </p>
          <button
            type="button"
            className="notice__dismiss"
            aria-label={t('notice.dismiss')}
            onClick={() => dispatch(noticeDismissed())}
          >
            ×
          </button>
        </>
      ) : null}
    </div>
  );
}
