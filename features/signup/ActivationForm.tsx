import { useEffect, useRef } from 'react';

import { formFields } from '../../contract/endpoints';
import { checkEmail, PASSWORD_MIN_LENGTH } from '../../contract/schemas';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { validationFailed } from '../../store/submissionsSlice';
import { CodeField } from '../../ui/form/CodeField';
import { EmailField } from '../../ui/form/EmailField';
import { FormAlert } from '../../ui/form/FormAlert';
import { focusFirstInvalid, readFields } from '../../ui/form/formElements';
import { PasswordField } from '../../ui/form/PasswordField';
import { codeRequestErrorText } from '../../ui/form/requestErrorMessage';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { useEndpointCall, useEndpointForm } from '../../ui/form/useEndpointForm';
import { useT } from '../../ui/intl/useT';

import { ResendCodeButton } from '../../ui/ResendCodeButton';
import { newPasswordAsked, selectChoosingPassword } from './activationSlice';
import type { VerifyAccountBody as Body } from './schemas';

const FIELDS = formFields('verifyAccount');
/** With the password chosen at sign-up. */
const SIGNUP_PASSWORD = FIELDS.filter((field) => field !== 'newPassword');
/** With a new password chosen with the code. */
const NEW_PASSWORD = FIELDS.filter((field) => field !== 'password');

interface ActivationFormProps {
  initialEmail: string;
  initialCode: string;
  /** The mail's link asked for the new-password step (`?choose=1`). */
  choosePassword: boolean;
  /** The token of the mail's link (`?token=`), sent beside the code. */
  linkToken?: string;
}

export function ActivationForm({
  initialEmail,
  initialCode,
  choosePassword,
  linkToken,
}: ActivationFormProps) {
  const t = useT();
  const dispatch = useAppDispatch();
  const asked = useAppSelector(selectChoosingPassword);
  const resendForm = useEndpointCall('resendActivation').name;
  const choosing = choosePassword || asked;
  const { busy, error, fieldErrors, alertRef, formProps } = useEndpointForm('verifyAccount', {
    fields: choosing ? NEW_PASSWORD : SIGNUP_PASSWORD,
    // Where it leads (home, or a second step) is every way in's one rule (store/wayIn.ts).
    toArg: (values): Body => {
      const chosen = {
        email: values.email.trim(),
        code: values.code.trim(),
        ...(linkToken ? { linkToken } : {}),
      };
      return choosing
        ? { ...chosen, newPassword: values.newPassword }
        : { ...chosen, password: values.password };
    },
  });
  const formRef = useRef<HTMLFormElement>(null);
  // The new field takes the focus once the visitor asked for it.
  useEffect(() => {
    if (!asked) return;
    const field = formRef.current?.elements.namedItem('newPassword');
    if (field instanceof HTMLElement) field.focus();
  }, [asked]);
  const wrongPassword = error?.code === 'PASSWORD_NOT_CHOSEN';

  function emailForResend(): string | null {
    const form = formRef.current;
    if (!form) return null;
    const email = readFields(form, ['email']).email.trim();
    const problem = checkEmail(email);
    if (!problem) return email;
    fieldErrors.setClientErrors({ email: problem });
    focusFirstInvalid(form, ['email'], { email: problem });
    dispatch(validationFailed({ form: resendForm, fields: { email: problem } }));
    return null;
  }

  return (
    <form ref={formRef} {...formProps}>
      {choosing ? <p className="form__note">{t('activation.chooseIntro')}</p> : null}
      <FormAlert
        ref={alertRef}
        message={error && !(choosing && wrongPassword) ? codeRequestErrorText(t, error) : null}
      >
        {wrongPassword && !choosing ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => dispatch(newPasswordAsked())}
          >
            {t('activation.choose')}
          </button>
        ) : null}
      </FormAlert>
      <EmailField defaultValue={initialEmail} error={fieldErrors.messages.email} />
      <CodeField
        label={t('field.code.label')}
        hint={t('field.code.hint')}
        error={fieldErrors.messages.code}
        defaultValue={initialCode}
      />
      {choosing ? (
        <PasswordField
          key="newPassword"
          label={t('field.newPassword.label')}
          hint={t('field.newPassword.hint', { min: PASSWORD_MIN_LENGTH })}
          name="newPassword"
          autoComplete="new-password"
          error={fieldErrors.messages.newPassword}
        />
      ) : (
        <PasswordField
          key="password"
          label={t('field.signupPassword.label')}
          hint={t('field.signupPassword.hint')}
          name="password"
          autoComplete="current-password"
          error={fieldErrors.messages.password}
        />
      )}
      <SubmitButton
        label={choosing ? t('activation.chooseSubmit') : t('activation.submit')}
        busyLabel={t('activation.submitting')}
        busy={busy}
      />
      <ResendCodeButton getEmail={emailForResend} />
    </form>
  );
}
