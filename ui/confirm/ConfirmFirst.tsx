// Confirming it is you, once for ten minutes of sensitive changes (CONTRACT section 2d), instead of
// a password field in each form: the gate a section of home puts before its changes. Until the
// server holds this session confirmed (the store's `selectConfirmedUntil`), the gate asks for the
// password, with the second factor's code where it is on, or a passkey; then it shows the changes,
// and the focus goes to the first of them. A change the server refuses for want of a confirmation
// brings the gate back, saying so.
import { useEffect, useRef, useState, type ReactNode } from 'react';

import {
  CONFIRMATION_SECONDS,
  ConfirmBody,
  fieldErrors as refused,
  type FieldErrors,
} from '../../contract/schemas';
import {
  selectConfirmationLapsed,
  selectConfirmedUntil,
} from '../../store/confirmation/confirmationSlice';
import { useAppSelector } from '../../store/hooks';
import { useFeatureParts } from '../featureParts';
import { CodeField } from '../form/CodeField';
import { FormAlert } from '../form/FormAlert';
import { PasswordField } from '../form/PasswordField';
import { RecoveryCodeField } from '../form/RecoveryCodeField';
import { SubmitButton } from '../form/SubmitButton';
import { useEndpointCall, useEndpointForm } from '../form/useEndpointForm';
import { useT } from '../intl/useT';
import { WithWords } from '../intl/WithWords';
import type { ConfirmationMessageId } from './confirmation.messages';

import { CONFIRM_WORDS } from './confirmWords';
import { secondFactorErrorText } from './secondFactorErrors';

/** What a visitor can act on: where the focus goes once the gate opens. */
const CONTROLS = 'input:not([type=hidden]):not([disabled]), button:not([disabled]), a[href]';

interface ConfirmFirstProps {
  /** Why the section asks, said above the form. */
  why: Extract<ConfirmationMessageId, `confirm.why.${string}`>;
  children: ReactNode;
}

export function ConfirmFirst(props: ConfirmFirstProps) {
  return (
    <WithWords words={CONFIRM_WORDS}>
      <Gate {...props} />
    </WithWords>
  );
}

function Gate({ why, children }: ConfirmFirstProps) {
  const confirmedUntil = useAppSelector(selectConfirmedUntil);
  const askedHere = useRef(false);
  const contentRef = useRef<HTMLDivElement>(null);
  // A confirmation made here opens what it guarded: the focus goes to the first of it.
  useEffect(() => {
    if (confirmedUntil === null || !askedHere.current) return;
    askedHere.current = false;
    contentRef.current?.querySelector<HTMLElement>(CONTROLS)?.focus();
  }, [confirmedUntil]);
  if (confirmedUntil === null) {
    return <ConfirmForm why={why} onAsk={() => void (askedHere.current = true)} />;
  }
  return (
    <div ref={contentRef} className="confirmed">
      {children}
    </div>
  );
}

/**
 * The form alone, where the gate is kept elsewhere (the operator console's, by the operator API's
 * answer). `strong`: only the second factor or a passkey will do, so without the second factor
 * the password form is left out and the passkey is the way; `lapsed` says a confirmation ended.
 */
export function ConfirmNow({
  why,
  strong = false,
  lapsed,
}: {
  why: ConfirmFirstProps['why'];
  strong?: boolean;
  lapsed: boolean;
}) {
  return (
    <WithWords words={CONFIRM_WORDS}>
      <ConfirmForm why={why} onAsk={() => {}} strong={strong} lapsed={lapsed} level={2} />
    </WithWords>
  );
}

type ConfirmField = 'password' | 'code' | 'recoveryCode';

const noSecondFactor = () => null;
const passwordUnknown = () => null;

function ConfirmForm({
  why,
  onAsk,
  strong = false,
  lapsed: lapsedHere,
  level = 3,
}: {
  why: ConfirmFirstProps['why'];
  onAsk: () => void;
  strong?: boolean;
  lapsed?: boolean;
  /** The title's heading level: under a section's (home) or right under the view's. */
  level?: 2 | 3;
}) {
  const Title = level === 2 ? 'h2' : 'h3';
  const t = useT();
  const lapsedInAccount = useAppSelector(selectConfirmationLapsed);
  const lapsed = lapsedHere ?? lapsedInAccount;
  const {
    useSecondFactorOn = noSecondFactor,
    useHasPassword = passwordUnknown,
    PasskeyConfirm,
    ProviderConfirm,
  } = useFeatureParts();
  const secondFactorOn = useSecondFactorOn() === true;
  const [recovery, setRecovery] = useState(false);
  const sent = useEndpointCall('confirm').submission;
  // An account made by a provider, without a password: its provider (or a passkey) confirms.
  const noPassword = useHasPassword() === false;
  // The code is asked where the second factor is on, or where the server said it is.
  const withCode = secondFactorOn || sent.error?.fields?.code === 'REQUIRED';
  const { busy, error, fieldErrors, alertRef, formProps } = useEndpointForm('confirm', {
    fields: ['password', 'code', 'recoveryCode'] as readonly ConfirmField[],
    validate: (values): FieldErrors<ConfirmField> => {
      const code = (recovery ? values.recoveryCode : values.code)?.trim() ?? '';
      const found = refused(ConfirmBody, {
        password: values.password,
        ...(code ? { code } : {}),
      });
      const codeField = recovery ? 'recoveryCode' : 'code';
      const codeError = found.code ?? (withCode && code === '' ? 'REQUIRED' : undefined);
      return { password: found.password, ...(codeError ? { [codeField]: codeError } : {}) };
    },
    toArg: (values) => {
      const code = (recovery ? values.recoveryCode : values.code)?.trim() ?? '';
      return { password: values.password, ...(withCode && code ? { code } : {}) };
    },
    onSend: onAsk,
  });
  const alert =
    error && error.fields?.code !== 'REQUIRED'
      ? secondFactorErrorText(t, error, recovery ? 'recovery' : 'app')
      : lapsed
        ? t('confirm.lapsed')
        : null;
  return (
    <div className="confirm">
      <Title className="confirm__title">{t('confirm.title')}</Title>
      <p className="confirm__why">
        {t(why)} {t('confirm.lasts', { minutes: CONFIRMATION_SECONDS / 60 })}
      </p>
      {strong && !secondFactorOn ? null : (
        <form {...formProps} hidden={noPassword}>
          <FormAlert ref={alertRef} message={alert} />
          <PasswordField
            label={t('field.password.label')}
            name="password"
            autoComplete="current-password"
            error={fieldErrors.messages.password}
          />
          {withCode && recovery ? (
            <RecoveryCodeField error={fieldErrors.messages.recoveryCode} />
          ) : withCode ? (
            <CodeField
              label={t('field.totpCode.label')}
              hint={t('field.totpCode.hint')}
              error={fieldErrors.messages.code}
            />
          ) : null}
          {withCode ? (
            <button
              type="button"
              className="button button--secondary confirm__switch"
              onClick={() => setRecovery(!recovery)}
            >
              {t(recovery ? 'secondStep.useApp' : 'secondStep.useRecovery')}
            </button>
          ) : null}
          <SubmitButton
            label={t('confirm.submit')}
            busyLabel={t('confirm.submitting')}
            busy={busy}
          />
        </form>
      )}
      {PasskeyConfirm ? <PasskeyConfirm onAsk={onAsk} /> : null}
      {strong || !ProviderConfirm ? null : <ProviderConfirm />}
    </div>
  );
}
