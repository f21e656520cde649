import { useEffect, useId, useRef } from 'react';

import { selectUser } from '../../store/authSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

import { ConfirmFirst } from '../../ui/confirm/ConfirmFirst';
import { CodeField } from '../../ui/form/CodeField';
import { EmailField } from '../../ui/form/EmailField';
import { FormAlert } from '../../ui/form/FormAlert';
import { FormSuccess } from '../../ui/form/FormSuccess';
import { codeRequestErrorText, requestErrorText } from '../../ui/form/requestErrorMessage';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { useEndpointCall, useEndpointForm } from '../../ui/form/useEndpointForm';
import { useT } from '../../ui/intl/useT';
import { LoadFailed } from '../../ui/LoadFailed';
import { RESEND_INTERVAL_MS, ResendFeedback } from '../../ui/ResendCodeButton';
import { useCountdown } from '../../ui/useCountdown';
import { emailChangeRetried, selectEmailChangeError, selectPendingEmail } from './emailChangeSlice';

/** The session is confirmed (ConfirmFirst): only the new address is asked. */
const REQUEST_FIELDS = ['newEmail'] as const;

/**
 * An email change: the password and the new address, then the code mailed there. Which step
 * shows is the store's (`selectPendingEmail`, which the server keeps), so the code step is
 * there after a reload and on another device, and time travel and replay show the same step.
 * `linkCode` is the code of the mail's link (`/?email-code=`), filled in for the visitor, and
 * `linkToken` the link's token (`&token=`), sent beside the code: it gets the link's holder past
 * the wrong codes strangers may have typed.
 */
export function ChangeEmailForm({
  linkCode = '',
  linkToken,
}: {
  linkCode?: string;
  linkToken?: string;
}) {
  const t = useT();
  const dispatch = useAppDispatch();
  const pendingEmail = useAppSelector(selectPendingEmail);
  const checkFailed = useAppSelector(selectEmailChangeError);
  if (pendingEmail) {
    return (
      <ConfirmEmailForm
        key={linkCode}
        email={pendingEmail}
        linkCode={linkCode}
        linkToken={linkToken}
      />
    );
  }
  // A change may be waiting that this page could not learn of: say so and offer to ask again;
  // asking for a new change still works meanwhile.
  return (
    <>
      {checkFailed && (
        <LoadFailed
          className="email-change__failed"
          message={t('email.loadFailed')}
          error={checkFailed}
          retryLabel={t('email.retry')}
          onRetry={() => dispatch(emailChangeRetried())}
        />
      )}
      <ConfirmFirst why="confirm.why.email">
        <RequestEmailForm />
      </ConfirmFirst>
    </>
  );
}

function RequestEmailForm() {
  const t = useT();
  const user = useAppSelector(selectUser);
  const confirmed = useEndpointCall('confirmEmailChange').submission;
  const { busy, error, fieldErrors, alertRef, formProps } = useEndpointForm('changeEmail', {
    fields: REQUEST_FIELDS,
    toArg: (values) => ({ newEmail: values.newEmail.trim() }),
  });
  const changed = confirmed.status === 'succeeded' && user;
  return (
    <form {...formProps}>
      <FormAlert ref={alertRef} message={error ? requestErrorText(t, error) : null} />
      <FormSuccess message={changed ? t('email.changed', { email: user.email }) : null} />
      <EmailField
        name="newEmail"
        label={t('field.newEmail.label')}
        error={fieldErrors.messages.newEmail}
      />
      <SubmitButton label={t('email.submit')} busyLabel={t('email.submitting')} busy={busy} />
    </form>
  );
}

const codeInput = (form: HTMLFormElement | null) =>
  form?.querySelector<HTMLInputElement>('input[name=code]');

function ConfirmEmailForm({
  email,
  linkCode,
  linkToken,
}: {
  email: string;
  linkCode: string;
  linkToken?: string;
}) {
  const t = useT();
  const asked = useEndpointCall('changeEmail').submission;
  const justAsked = useRef(asked.status === 'succeeded');
  const formRef = useRef<HTMLFormElement>(null);
  const focusCode = () => codeInput(formRef.current)?.focus();
  // Right after "Send the code", what comes next is the code: the focus goes to it.
  useEffect(() => {
    if (justAsked.current) codeInput(formRef.current)?.focus();
  }, []);
  const { busy, error, fieldErrors, alertRef, formProps } = useEndpointForm('confirmEmailChange', {
    toArg: (values) => ({ code: values.code.trim(), ...(linkToken ? { linkToken } : {}) }),
  });
  return (
    <form ref={formRef} {...formProps}>
      <p className="form__note">{t('email.sentTo', { email })}</p>
      <FormAlert ref={alertRef} message={error ? codeRequestErrorText(t, error) : null} />
      <CodeField
        label={t('field.emailCode.label')}
        hint={t('field.emailCode.hint')}
        error={fieldErrors.messages.code}
        defaultValue={linkCode}
      />
      <SubmitButton label={t('email.confirm')} busyLabel={t('email.confirming')} busy={busy} />
      <PendingEmailActions email={email} onResent={focusCode} />
    </form>
  );
}

/** A new code for the pending change (once a minute, as the server allows), or no change. */
function PendingEmailActions({ email, onResent }: { email: string; onResent: () => void }) {
  const t = useT();
  const { submission: resend, send: sendResend } = useEndpointCall('resendEmailChange');
  const { submission: cancel, send: sendCancel } = useEndpointCall('cancelEmailChange');
  const secondsLeft = useCountdown(resend.succeededAt, RESEND_INTERVAL_MS);
  const waitId = useId();
  const failed = [resend, cancel].find((submission) => submission.status === 'failed');
  return (
    <div className="resend">
      <div className="card__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={resend.status === 'pending' || secondsLeft > 0}
          aria-describedby={secondsLeft > 0 ? waitId : undefined}
          onClick={() =>
            // A new code is on its way: the focus goes back to the field that takes it.
            void sendResend().then((result) => 'data' in result && onResent())
          }
        >
          {resend.status === 'pending' ? t('email.resending') : t('email.resend')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={cancel.status === 'pending'}
          onClick={() => void sendCancel()}
        >
          {cancel.status === 'pending' ? t('email.cancelling') : t('email.cancel')}
        </button>
      </div>
      <ResendFeedback
        sent={resend.status === 'succeeded' ? t('email.resent', { email }) : null}
        error={failed?.error}
        secondsLeft={secondsLeft}
        waitId={waitId}
      />
    </div>
  );
}
