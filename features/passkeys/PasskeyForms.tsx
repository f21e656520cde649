// A passkey's own forms on home, open one at a time in its row: a new name, or its removal (the
// session is confirmed: the section shows it only then).
import { useFocusOnOpen } from '../../ui/focusOnOpen';
import { Field } from '../../ui/form/Field';
import { FormAlert } from '../../ui/form/FormAlert';
import { requestErrorText } from '../../ui/form/requestErrorMessage';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { useEndpointForm } from '../../ui/form/useEndpointForm';
import { useT } from '../../ui/intl/useT';
import type { Passkey } from './passkeysSlice';

interface PasskeyFormProps {
  passkey: Passkey;
  onCancel: () => void;
}

function CancelButton({ onCancel, busy }: { onCancel: () => void; busy: boolean }) {
  const t = useT();
  return (
    <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
      {t('passkeys.cancel')}
    </button>
  );
}

export function RenamePasskeyForm({ passkey, onCancel }: PasskeyFormProps) {
  const t = useT();
  const { busy, error, fieldErrors, alertRef, formProps } = useEndpointForm('renamePasskey', {
    toArg: (values) => ({ id: passkey.id, name: values.name.trim() }),
  });
  const ref = useFocusOnOpen();
  return (
    <form {...formProps} ref={ref}>
      <FormAlert ref={alertRef} message={error ? requestErrorText(t, error) : null} />
      <Field
        label={t('passkeys.nameLabel')}
        name="name"
        defaultValue={passkey.name}
        autoComplete="off"
        error={fieldErrors.messages.name}
      />
      <div className="passkeys__actions">
        <SubmitButton label={t('passkeys.save')} busyLabel={t('passkeys.saving')} busy={busy} />
        <CancelButton onCancel={onCancel} busy={busy} />
      </div>
    </form>
  );
}

export function RemovePasskeyForm({ passkey, onCancel }: PasskeyFormProps) {
  const t = useT();
  const { busy, error, alertRef, formProps } = useEndpointForm('removePasskey', {
    fields: [],
    toArg: () => ({ id: passkey.id }),
  });
  const ref = useFocusOnOpen();
  return (
    <form {...formProps} ref={ref}>
      <p>{t('passkeys.removeIntro')}</p>
      <FormAlert ref={alertRef} message={error ? requestErrorText(t, error) : null} />
      <div className="passkeys__actions">
        <SubmitButton
          label={t('passkeys.removeSubmit')}
          busyLabel={t('passkeys.removing')}
          busy={busy}
          tone="danger"
        />
        <CancelButton onCancel={onCancel} busy={busy} />
      </div>
    </form>
  );
}
