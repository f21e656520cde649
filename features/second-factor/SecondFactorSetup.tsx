// Turning the second factor on: a confirmation that it is you (the section's gate), then the
// authenticator app takes the key (on a phone, opened in the app by its `otpauth://` link, since
// the phone cannot scan its own screen; elsewhere a QR code; or the key typed by hand), then its
// first code turns the factor on.
import { useId, useRef } from 'react';

import { useAppDispatch, useAppSelector } from '../../store/hooks';

import { secondFactorErrorText } from '../../ui/confirm/secondFactorErrors';
import { copyOrSelect, copyResult } from '../../ui/copyOrSelect';
import { useIsMobileDevice } from '../../ui/device/useIsMobileDevice';
import { useFocusOnOpen } from '../../ui/focusOnOpen';
import { CodeField } from '../../ui/form/CodeField';
import { FormAlert } from '../../ui/form/FormAlert';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { useEndpointForm } from '../../ui/form/useEndpointForm';
import { useT } from '../../ui/intl/useT';
import { SecondFactorQr } from './SecondFactorQr';
import { copyFinished, secondFactorSetupCancelled, selectCopied } from './secondFactorSlice';

export function StartSecondFactorForm() {
  const t = useT();
  // The session is confirmed (the section's gate): no field, the button starts the setup.
  const { busy, error, alertRef, formProps } = useEndpointForm('startSecondFactor', {
    fields: [],
    toArg: () => ({}),
  });
  return (
    <form {...formProps}>
      <FormAlert ref={alertRef} message={secondFactorErrorText(t, error)} />
      <SubmitButton label={t('totp.start')} busyLabel={t('totp.starting')} busy={busy} />
    </form>
  );
}

/** The key in groups of four, as authenticator apps show the keys they take by hand. */
function groupedKey(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}

/** The key to type by hand, grouped for the eye, copied as it is. */
function ManualKey({ secret }: { secret: string }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const copied = useAppSelector((state) => selectCopied(state, 'key'));
  const labelId = useId();
  const keyRef = useRef<HTMLElement>(null);
  return (
    <div className="totp-key">
      <p className="totp-key__label" id={labelId}>
        {t('totp.keyLabel')}
      </p>
      <code ref={keyRef} className="totp-key__value" aria-labelledby={labelId} translate="no">
        {groupedKey(secret)}
      </code>
      <div className="totp-key__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            void copyOrSelect(secret, keyRef.current).then((done) =>
              dispatch(copyFinished({ what: 'key', copied: done })),
            )
          }
        >
          {t('totp.copy')}
        </button>
        <p role="status">{copyResult(t, copied)}</p>
      </div>
    </div>
  );
}

/** The setup under way: the key for the app, and the field for the app's first code. */
export function SecondFactorSetupPanel({
  secret,
  otpauthUri,
}: {
  secret: string;
  otpauthUri: string;
}) {
  const t = useT();
  const dispatch = useAppDispatch();
  const mobile = useIsMobileDevice();
  // The step's first empty field: the code, once the app has the key.
  const formRef = useFocusOnOpen();
  const { busy, error, fieldErrors, alertRef, formProps } = useEndpointForm('confirmSecondFactor', {
    toArg: (values) => ({ code: values.code.trim() }),
  });
  return (
    <div className="totp-setup">
      <p>{t(mobile ? 'totp.openOrScan' : 'totp.scan')}</p>
      {mobile ? (
        <a className="button button--primary totp-setup__open" href={otpauthUri}>
          {t('totp.openInApp')}
        </a>
      ) : null}
      <div className="totp-setup__key">
        <SecondFactorQr uri={otpauthUri} />
        <ManualKey secret={secret} />
      </div>
      <p>{t('totp.enterCode')}</p>
      <form ref={formRef} {...formProps}>
        <FormAlert ref={alertRef} message={secondFactorErrorText(t, error)} />
        <CodeField
          label={t('field.totpCode.label')}
          hint={t('field.totpCode.hint')}
          error={fieldErrors.messages.code}
        />
        <SubmitButton label={t('totp.confirm')} busyLabel={t('totp.confirming')} busy={busy} />
      </form>
      <div className="card__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => dispatch(secondFactorSetupCancelled())}
        >
          {t('totp.cancel')}
        </button>
      </div>
    </div>
  );
}
