// A passkey's own forms on home, open one at a time in its row: a new name, or its removal (the
// session is confirmed: the section shows it only then).
import { formFields } from '../../../contract/endpoints';
import { fieldErrors as refused, RenamePasskeyBody } from '../../../contract/schemas';
import { api, UNTRACKED } from '../../../store/api/apiSlice';
import { useAppDispatch } from '../../../store/hooks';
import type { Passkey } from '../../../store/passkeys/passkeysSlice';
import { useFocusOnOpen } from '../focusOnOpen';
import { Field } from '../form/Field';
import { FormAlert } from '../form/FormAlert';
import { requestErrorText } from '../form/requestErrorMessage';
import { SubmitButton } from '../form/SubmitButton';
import { useAccountForm } from '../form/useAccountForm';
import { useT } from '../intl/useT';

const RENAME_FIELDS = formFields('renamePasskey');

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
  const dispatch = useAppDispatch();
  const { busy, error, fieldErrors, alertRef, formProps } = useAccountForm({
    name: 'renamePasskey',
    fields: RENAME_FIELDS,
    validate: (values) => refused(RenamePasskeyBody, values),
    toBody: (values) => ({ name: values.name.trim() }),
    send: (body) =>
      dispatch(api.endpoints.renamePasskey.initiate({ id: passkey.id, ...body }, UNTRACKED)),
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
  const dispatch = useAppDispatch();
  const { busy, error, alertRef, formProps } = useAccountForm({
    name: 'removePasskey',
    fields: [] as const,
    validate: () => ({}),
    toBody: () => ({}),
    send: (body) =>
      dispatch(api.endpoints.removePasskey.initiate({ id: passkey.id, ...body }, UNTRACKED)),
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
