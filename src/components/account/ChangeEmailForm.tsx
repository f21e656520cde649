import {
  ChangeEmailBody,
  ConfirmEmailChangeBody,
  fieldErrors as refused,
} from '../../../contract/schemas';
import { selectPendingEmail } from '../../../store/account/accountSlice';
import { api, UNTRACKED } from '../../../store/api/apiSlice';
import { selectUser } from '../../../store/auth/authSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectSubmission } from '../../../store/submissions/submissionsSlice';
import { CodeField } from '../form/CodeField';
import { ConfirmPasswordField } from '../form/ConfirmPasswordField';
import { EmailField } from '../form/EmailField';
import { FormAlert } from '../form/FormAlert';
import { FormSuccess } from '../form/FormSuccess';
import { requestErrorText } from '../form/requestErrorMessage';
import { SubmitButton } from '../form/SubmitButton';
import { useAccountForm } from '../form/useAccountForm';
import { useT } from '../intl/useT';

const REQUEST_FIELDS = ['password', 'newEmail'] as const;
const CONFIRM_FIELDS = ['code'] as const;

/**
 * An email change: the password and the new address, then the code mailed there. Which step
 * shows is the store's (`account.pendingEmail`), so time travel and replay show the same step.
 */
export function ChangeEmailForm() {
  const pendingEmail = useAppSelector(selectPendingEmail);
  return pendingEmail ? <ConfirmEmailForm email={pendingEmail} /> : <RequestEmailForm />;
}

function RequestEmailForm() {
  const t = useT();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const confirmed = useAppSelector((state) => selectSubmission(state, 'confirmEmail'));
  const { busy, error, fieldErrors, alertRef, formProps } = useAccountForm({
    name: 'changeEmail',
    fields: REQUEST_FIELDS,
    validate: (values) => refused(ChangeEmailBody, values),
    toBody: (values) => ({ password: values.password, newEmail: values.newEmail.trim() }),
    send: (body) => dispatch(api.endpoints.changeEmail.initiate(body, UNTRACKED)),
  });
  const changed = confirmed.status === 'succeeded' && user;
  return (
    <form {...formProps}>
      <FormAlert ref={alertRef} message={error ? requestErrorText(t, error) : null} />
      <FormSuccess message={changed ? t('email.changed', { email: user.email }) : null} />
      <ConfirmPasswordField error={fieldErrors.messages.password} />
      <EmailField
        name="newEmail"
        label={t('field.newEmail.label')}
        error={fieldErrors.messages.newEmail}
      />
      <SubmitButton label={t('email.submit')} busyLabel={t('email.submitting')} busy={busy} />
    </form>
  );
}

function ConfirmEmailForm({ email }: { email: string }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const { busy, error, fieldErrors, alertRef, formProps } = useAccountForm({
    name: 'confirmEmail',
    fields: CONFIRM_FIELDS,
    validate: (values) => refused(ConfirmEmailChangeBody, values),
    toBody: (values) => ({ code: values.code.trim() }),
    send: (body) => dispatch(api.endpoints.confirmEmailChange.initiate(body, UNTRACKED)),
  });
  return (
    <form {...formProps}>
      <p className="form__note">{t('email.sentTo', { email })}</p>
      <FormAlert ref={alertRef} message={error ? requestErrorText(t, error) : null} />
      <CodeField
        label={t('field.emailCode.label')}
        hint={t('field.emailCode.hint')}
        error={fieldErrors.messages.code}
      />
      <SubmitButton label={t('email.confirm')} busyLabel={t('email.confirming')} busy={busy} />
    </form>
  );
}
