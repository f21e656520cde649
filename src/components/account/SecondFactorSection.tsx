// The home view's "Two-step sign-in": whether the second factor is on and how many recovery codes
// are left (the server's), turning it on, new recovery codes, and turning it off. Which step shows
// is the store's, so a reload, time travel and replay show the same one.
import '../../styles/secondFactor.css';

import { useId, useState } from 'react';

import { formFields } from '../../../contract/endpoints';
import {
  DisableSecondFactorBody,
  fieldErrors as refused,
  RenewRecoveryCodesBody,
} from '../../../contract/schemas';
import {
  secondFactorRetried,
  selectRecoveryCodes,
  selectSecondFactor,
  selectSecondFactorError,
  selectSecondFactorSetup,
} from '../../../store/account/accountSlice';
import { api, UNTRACKED } from '../../../store/api/apiSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectSubmission } from '../../../store/submissions/submissionsSlice';
import { CodeField } from '../form/CodeField';
import { ConfirmPasswordField } from '../form/ConfirmPasswordField';
import { FormAlert } from '../form/FormAlert';
import { FormSuccess } from '../form/FormSuccess';
import { RecoveryCodeField } from '../form/RecoveryCodeField';
import { SubmitButton } from '../form/SubmitButton';
import { useAccountForm } from '../form/useAccountForm';
import { useT } from '../intl/useT';
import { WithWords } from '../intl/WithWords';

import { LoadFailed } from './LoadFailed';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { secondFactorErrorText } from './secondFactorErrors';
import { SecondFactorSetupPanel, StartSecondFactorForm } from './SecondFactorSetup';
import { SECOND_FACTOR_WORDS } from './secondFactorWords';

export function SecondFactorSection() {
  return (
    <WithWords words={SECOND_FACTOR_WORDS}>
      <TwoStepSection />
    </WithWords>
  );
}

function TwoStepSection() {
  const t = useT();
  const headingId = useId();
  return (
    <section className="card__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__subtitle">
        {t('totp.title')}
      </h2>
      <p className="card__intro">{t('totp.intro')}</p>
      <SecondFactorState />
    </section>
  );
}

function SecondFactorState() {
  const t = useT();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectSecondFactor);
  const loadError = useAppSelector(selectSecondFactorError);
  const setup = useAppSelector(selectSecondFactorSetup);
  const codes = useAppSelector(selectRecoveryCodes);
  const renewed = useAppSelector((state) => selectSubmission(state, 'renewRecoveryCodes'));
  const turnedOff = useAppSelector((state) => selectSubmission(state, 'disableSecondFactor'));
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
  if (status.enabled) return <SecondFactorOn recoveryCodesLeft={status.recoveryCodesLeft} />;
  return (
    <>
      <p className="totp-state">{t('totp.isOff')}</p>
      <FormSuccess message={turnedOff.status === 'succeeded' ? t('totp.turnedOff') : null} />
      {setup ? <SecondFactorSetupPanel {...setup} /> : <StartSecondFactorForm />}
    </>
  );
}

function SecondFactorOn({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const t = useT();
  return (
    <>
      <p className="totp-state totp-state--on">
        {t('totp.isOn')} {t('totp.codesLeft', { count: recoveryCodesLeft })}
      </p>
      <h3 className="totp-subtitle">{t('totp.renewTitle')}</h3>
      <p>{t('totp.renewIntro')}</p>
      <RenewRecoveryCodesForm />
      <h3 className="totp-subtitle">{t('totp.offTitle')}</h3>
      <DisableSecondFactorForm />
    </>
  );
}

const RENEW_FIELDS = formFields('renewRecoveryCodes');

function RenewRecoveryCodesForm() {
  const t = useT();
  const dispatch = useAppDispatch();
  const { busy, error, fieldErrors, alertRef, formProps } = useAccountForm({
    name: 'renewRecoveryCodes',
    fields: RENEW_FIELDS,
    validate: (values) => refused(RenewRecoveryCodesBody, values),
    toBody: (values) => ({ password: values.password, code: values.code.trim() }),
    send: (body) => dispatch(api.endpoints.renewRecoveryCodes.initiate(body, UNTRACKED)),
  });
  return (
    <form {...formProps}>
      <FormAlert ref={alertRef} message={secondFactorErrorText(t, error)} />
      <ConfirmPasswordField error={fieldErrors.messages.password} />
      <CodeField
        label={t('field.totpCode.label')}
        hint={t('field.totpCode.hint')}
        error={fieldErrors.messages.code}
      />
      <SubmitButton label={t('totp.renew')} busyLabel={t('totp.renewing')} busy={busy} />
    </form>
  );
}

type DisableField = 'password' | 'code' | 'recoveryCode';

/** The password and a code from the app, or (switched) a recovery code, sent as `code`. */
function DisableSecondFactorForm() {
  const t = useT();
  const dispatch = useAppDispatch();
  const [recovery, setRecovery] = useState(false);
  const fields: readonly DisableField[] = recovery
    ? ['password', 'recoveryCode']
    : ['password', 'code'];
  const { busy, error, fieldErrors, alertRef, formProps } = useAccountForm({
    name: 'disableSecondFactor',
    fields,
    validate: (values) => {
      const code = (recovery ? values.recoveryCode : values.code) ?? '';
      const { password, code: codeError } = refused(DisableSecondFactorBody, {
        password: values.password,
        code,
      });
      return { password, [recovery ? 'recoveryCode' : 'code']: codeError };
    },
    toBody: (values) => ({
      password: values.password ?? '',
      code: ((recovery ? values.recoveryCode : values.code) ?? '').trim(),
    }),
    send: (body) => dispatch(api.endpoints.disableSecondFactor.initiate(body, UNTRACKED)),
  });
  return (
    <form {...formProps}>
      <FormAlert
        ref={alertRef}
        message={secondFactorErrorText(t, error, recovery ? 'recovery' : 'app')}
      />
      <ConfirmPasswordField error={fieldErrors.messages.password} />
      {recovery ? (
        <RecoveryCodeField error={fieldErrors.messages.recoveryCode} />
      ) : (
        <CodeField
          label={t('field.totpCode.label')}
          hint={t('field.totpCode.hint')}
          error={fieldErrors.messages.code}
        />
      )}
      <button
        type="button"
        className="button button--secondary totp-switch"
        onClick={() => setRecovery(!recovery)}
      >
        {t(recovery ? 'secondStep.useApp' : 'secondStep.useRecovery')}
      </button>
      <SubmitButton
        label={t('totp.off')}
        busyLabel={t('totp.turningOff')}
        busy={busy}
        tone="danger"
      />
    </form>
  );
}
