import { useId } from 'react';

import type { FieldErrors } from '../../contract/schemas';
import { FormAlert } from '../../ui/form/FormAlert';
import { requestErrorText } from '../../ui/form/requestErrorMessage';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { useEndpointForm } from '../../ui/form/useEndpointForm';
import { useT } from '../../ui/intl/useT';

/** The box to tick: the session is confirmed already (ConfirmFirst), so no password. */
const FIELDS = ['confirm'] as const;

function validate(values: Record<(typeof FIELDS)[number], string>) {
  const errors: FieldErrors<(typeof FIELDS)[number]> = {};
  if (values.confirm === '') errors.confirm = 'REQUIRED';
  return errors;
}

/**
 * Deleting the account asks twice: a confirmation that it is you (the gate around this form, with
 * the second factor where it is on) and a box to tick. Once the server has deleted it, a listener
 * forgets the session here and goes to the login form.
 */
export function DeleteAccountForm() {
  const t = useT();
  const confirmId = useId();
  const { busy, error, fieldErrors, alertRef, formProps } = useEndpointForm('deleteAccount', {
    fields: FIELDS,
    validate,
    toArg: () => ({}),
  });
  const confirmError = fieldErrors.messages.confirm;
  return (
    <form {...formProps}>
      <FormAlert ref={alertRef} message={error ? requestErrorText(t, error) : null} />
      <div className={confirmError ? 'field field--invalid' : 'field'}>
        <label className="checkbox" htmlFor={confirmId}>
          <input
            id={confirmId}
            type="checkbox"
            name="confirm"
            value="yes"
            aria-invalid={confirmError ? true : undefined}
            aria-describedby={`${confirmId}-error`}
          />
          <span>{t('delete.confirm')}</span>
        </label>
        <p id={`${confirmId}-error`} className="field__error" aria-live="polite">
          {confirmError}
        </p>
      </div>
      <SubmitButton
        label={t('delete.submit')}
        busyLabel={t('delete.submitting')}
        busy={busy}
        tone="danger"
      />
    </form>
  );
}
