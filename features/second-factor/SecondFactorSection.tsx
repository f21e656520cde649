// The home view's "Two-step sign-in": whether the second factor is on and how many recovery codes
// are left (the server's), and, once the session is confirmed (ConfirmFirst), turning it on, new
// recovery codes, and turning it off. Which step shows is the store's, so a reload, time travel and
// replay show the same one.
import './secondFactor.css';

import { useEffect, useRef, type RefObject } from 'react';

import { useAppDispatch, useAppSelector } from '../../store/hooks';

import { ConfirmFirst } from '../../ui/confirm/ConfirmFirst';
import { secondFactorErrorText } from '../../ui/confirm/secondFactorErrors';
import { SECOND_FACTOR_WORDS } from '../../ui/confirm/secondFactorWords';
import { FormAlert } from '../../ui/form/FormAlert';
import { FormSuccess } from '../../ui/form/FormSuccess';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { useEndpointCall, useEndpointForm } from '../../ui/form/useEndpointForm';
import { useT } from '../../ui/intl/useT';
import { WithWords } from '../../ui/intl/WithWords';
import { LoadFailed } from '../../ui/LoadFailed';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { SecondFactorSetupPanel, StartSecondFactorForm } from './SecondFactorSetup';
import {
  secondFactorRetried,
  selectRecoveryCodes,
  selectSecondFactor,
  selectSecondFactorError,
  selectSecondFactorSetup,
} from './secondFactorSlice';

export function SecondFactorSection() {
  return (
    <WithWords words={SECOND_FACTOR_WORDS}>
      <TwoStepSection />
    </WithWords>
  );
}

/** The section's content, under home's heading of it. */
function TwoStepSection() {
  const t = useT();
  return (
    <div className="card__section">
      <p className="card__intro">{t('totp.intro')}</p>
      <SecondFactorState />
    </div>
  );
}

function SecondFactorState() {
  const t = useT();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectSecondFactor);
  const loadError = useAppSelector(selectSecondFactorError);
  const setup = useAppSelector(selectSecondFactorSetup);
  const codes = useAppSelector(selectRecoveryCodes);
  const renewed = useEndpointCall('renewRecoveryCodes').submission;
  const turnedOff = useEndpointCall('disableSecondFactor').submission;
  const stateRef = useRef<HTMLParagraphElement>(null);
  const codesShown = useRef(codes !== null);
  // "I have saved them": what comes next is the state they leave, on or off, not <body>.
  useEffect(() => {
    if (codesShown.current && codes === null) stateRef.current?.focus();
    codesShown.current = codes !== null;
  }, [codes]);
  if (codes) {
    const notice = renewed.status === 'succeeded' ? t('totp.renewed') : t('totp.turnedOn');
    return <RecoveryCodesPanel codes={codes} notice={notice} />;
  }
  if (!status && loadError) {
    return (
      <LoadFailed
        className="totp-failed"
        message={t('totp.loadFailed')}
        error={loadError}
        retryLabel={t('totp.retry')}
        onRetry={() => dispatch(secondFactorRetried())}
      />
    );
  }
  if (!status) return <p role="status">{t('wait.loading')}</p>;
  if (status.enabled) {
    return <SecondFactorOn recoveryCodesLeft={status.recoveryCodesLeft} stateRef={stateRef} />;
  }
  return (
    <>
      <p ref={stateRef} className="totp-state" tabIndex={-1}>
        {t('totp.isOff')}
      </p>
      <FormSuccess message={turnedOff.status === 'succeeded' ? t('totp.turnedOff') : null} />
      {setup ? (
        <SecondFactorSetupPanel {...setup} />
      ) : (
        <ConfirmFirst why="confirm.why.security">
          <StartSecondFactorForm />
        </ConfirmFirst>
      )}
    </>
  );
}

function SecondFactorOn({
  recoveryCodesLeft,
  stateRef,
}: {
  recoveryCodesLeft: number;
  stateRef: RefObject<HTMLParagraphElement | null>;
}) {
  const t = useT();
  return (
    <>
      <p ref={stateRef} className="totp-state totp-state--on" tabIndex={-1}>
        {t('totp.isOn')} {t('totp.codesLeft', { count: recoveryCodesLeft })}
      </p>
      <ConfirmFirst why="confirm.why.security">
        <h3 className="totp-subtitle">{t('totp.renewTitle')}</h3>
        <p>{t('totp.renewIntro')}</p>
        <RenewRecoveryCodesForm />
        <h3 className="totp-subtitle">{t('totp.offTitle')}</h3>
        <DisableSecondFactorForm />
      </ConfirmFirst>
    </>
  );
}

/** The session is confirmed (the gate): the button alone makes new codes. */
function RenewRecoveryCodesForm() {
  const t = useT();
  const { busy, error, alertRef, formProps } = useEndpointForm('renewRecoveryCodes', {
    fields: [],
    toArg: () => ({}),
  });
  return (
    <form {...formProps}>
      <FormAlert ref={alertRef} message={secondFactorErrorText(t, error)} />
      <SubmitButton label={t('totp.renew')} busyLabel={t('totp.renewing')} busy={busy} />
    </form>
  );
}

/** The session is confirmed (the gate, with the code or a recovery code): the button turns it off. */
function DisableSecondFactorForm() {
  const t = useT();
  const { busy, error, alertRef, formProps } = useEndpointForm('disableSecondFactor', {
    fields: [],
    toArg: () => ({}),
  });
  return (
    <form {...formProps}>
      <FormAlert ref={alertRef} message={secondFactorErrorText(t, error)} />
      <SubmitButton
        label={t('totp.off')}
        busyLabel={t('totp.turningOff')}
        busy={busy}
        tone="danger"
      />
    </form>
  );
}
