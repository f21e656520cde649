// A login's second step, in a chunk of its own (few accounts have a second factor): a code from
// the authenticator app, or a recovery code, sent with the ticket the password step was answered.
import './secondStep.css';

import { useState } from 'react';

import { secondStepCancelled } from '../../store/authSlice';
import { useAppDispatch } from '../../store/hooks';
import { secondFactorErrorText } from '../../ui/confirm/secondFactorErrors';
import { SECOND_FACTOR_WORDS } from '../../ui/confirm/secondFactorWords';
import { useFocusOnOpen } from '../../ui/focusOnOpen';
import { CodeField } from '../../ui/form/CodeField';
import { FormAlert } from '../../ui/form/FormAlert';
import { RecoveryCodeField } from '../../ui/form/RecoveryCodeField';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { useEndpointForm } from '../../ui/form/useEndpointForm';
import { useT } from '../../ui/intl/useT';
import { WithWords } from '../../ui/intl/WithWords';

type Mode = 'app' | 'recovery';

interface SecondStepProps {
  ticket: string;
  /** The address the way in named, said with the step. */
  email?: string;
}

export default function LoginSecondStep(props: SecondStepProps) {
  return (
    <WithWords words={SECOND_FACTOR_WORDS}>
      <SecondStep {...props} />
    </WithWords>
  );
}

/** Its success leads home: every way in's one rule (store/wayIn.ts). */
function SecondStep({ ticket, email }: SecondStepProps) {
  const t = useT();
  const dispatch = useAppDispatch();
  const [mode, setMode] = useState<Mode>('app');
  return (
    <div className="second-step">
      <p className="card__intro">
        {t('secondStep.intro')} {email ? t('secondStep.as', { email }) : null}
      </p>
      {mode === 'app' ? (
        <AppCodeForm key={mode} ticket={ticket} />
      ) : (
        <RecoveryCodeForm key={mode} ticket={ticket} />
      )}
      <div className="second-step__ways">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setMode(mode === 'app' ? 'recovery' : 'app')}
        >
          {t(mode === 'app' ? 'secondStep.useRecovery' : 'secondStep.useApp')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => dispatch(secondStepCancelled())}
        >
          {t('secondStep.back')}
        </button>
      </div>
    </div>
  );
}

function AppCodeForm({ ticket }: { ticket: string }) {
  const t = useT();
  const ref = useFocusOnOpen();
  const { busy, error, fieldErrors, alertRef, formProps } = useEndpointForm('loginSecondFactor', {
    fields: ['code'] as const,
    toArg: (values) => ({ ticket, code: values.code.trim() }),
  });
  return (
    <form ref={ref} {...formProps}>
      <FormAlert
        ref={alertRef}
        message={
          // The account's app-code budget comes back with a success, never with time: a recovery
          // code (outside that budget) or a reset through the mailed link still gets through.
          error?.code === 'RATE_LIMITED'
            ? t('secondStep.codesSpent')
            : secondFactorErrorText(t, error, 'app')
        }
      />
      <CodeField
        label={t('field.totpCode.label')}
        hint={t('field.totpCode.hint')}
        error={fieldErrors.messages.code}
      />
      <SubmitButton
        label={t('secondStep.submit')}
        busyLabel={t('secondStep.submitting')}
        busy={busy}
      />
    </form>
  );
}

function RecoveryCodeForm({ ticket }: { ticket: string }) {
  const t = useT();
  const ref = useFocusOnOpen();
  const { busy, error, fieldErrors, alertRef, formProps } = useEndpointForm('loginSecondFactor', {
    fields: ['recoveryCode'] as const,
    toArg: (values) => ({ ticket, recoveryCode: values.recoveryCode.trim() }),
  });
  return (
    <form ref={ref} {...formProps}>
      <FormAlert ref={alertRef} message={secondFactorErrorText(t, error, 'recovery')} />
      <RecoveryCodeField error={fieldErrors.messages.recoveryCode} />
      <SubmitButton
        label={t('secondStep.submit')}
        busyLabel={t('secondStep.submitting')}
        busy={busy}
      />
    </form>
  );
}
