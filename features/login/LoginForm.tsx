import { useEffect, useState, type ComponentProps } from 'react';

import { activationHref } from '../../store/routes';
import { EmailField } from '../../ui/form/EmailField';
import { FormAlert } from '../../ui/form/FormAlert';
import { PasswordField } from '../../ui/form/PasswordField';
import { requestErrorText } from '../../ui/form/requestErrorMessage';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { useEndpointForm } from '../../ui/form/useEndpointForm';
import { useT } from '../../ui/intl/useT';
import { lazyPart } from '../../ui/lazyPart';
import { Link } from '../../ui/Link';

import type { ResendCodeButton } from '../../ui/ResendCodeButton';

/**
 * "Send a new code", for an account not activated yet: a chunk of its own (few logins need it),
 * preloaded when the form shows.
 */
const Resend = lazyPart<ComponentProps<typeof ResendCodeButton>>(() =>
  import(/* webpackChunkName: "resend-code" */ '../../ui/ResendCodeButton').then((module) => ({
    default: module.ResendCodeButton,
  })),
);

/** Its answer leads home, or to the second step: every way in's one rule (store/wayIn.ts). */
export function LoginForm() {
  const t = useT();
  const [attemptedEmail, setAttemptedEmail] = useState('');
  const { busy, error, fieldErrors, alertRef, formProps } = useEndpointForm('login', {
    toArg: (values) => ({ email: values.email.trim(), password: values.password }),
    onSend: (body) => setAttemptedEmail(body.email),
  });
  useEffect(() => Resend.preload(), []);

  // The address is known only when this form sent it, not in a state restored from elsewhere.
  const notActivated = error?.code === 'ACCOUNT_NOT_ACTIVATED' && attemptedEmail !== '';
  const alert = !error
    ? null
    : notActivated
      ? t('login.notActivated', { email: attemptedEmail })
      : requestErrorText(t, error);

  return (
    <form {...formProps}>
      <FormAlert ref={alertRef} message={alert}>
        {notActivated ? (
          <div className="form-alert__actions">
            <Link to={activationHref(attemptedEmail)}>{t('login.enterCodeLink')}</Link>
            <Resend.Part getEmail={() => attemptedEmail} />
          </div>
        ) : null}
      </FormAlert>
      {/* The browser's autofill offers passkeys here too (see features/passkeys/passkeyListeners.ts). */}
      <EmailField error={fieldErrors.messages.email} autoComplete="username webauthn" />
      <PasswordField
        label={t('field.password.label')}
        name="password"
        autoComplete="current-password"
        error={fieldErrors.messages.password}
      />
      <SubmitButton label={t('login.submit')} busyLabel={t('login.submitting')} busy={busy} />
    </form>
  );
}
