// Home's "Passkeys": the account's passkeys (name, when added, when last used), each renamed in
// place or, once the session is confirmed (ConfirmFirst), removed, and "Add a passkey" with a name
// the visitor may change; after a reset or a log-out of the other devices, the recent ones to
// review (PasskeyReview.tsx).
// The browser's ceremony runs in a listener (features/passkeys/passkeyListeners.ts); this view only
// says what the store holds.
import { useEffect, useRef, type SubmitEvent } from 'react';
import { useIntl } from 'react-intl';

import { describeDevice } from '../../contract/device';
import { PASSKEYS_MAX, fieldErrors as refused } from '../../contract/schemas';
import type { MessageId } from '../../i18n/messages/en';
import { selectConfirmedUntil } from '../../store/confirmation/confirmationSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { validationFailed } from '../../store/submissionsSlice';

import { ConfirmFirst } from '../../ui/confirm/ConfirmFirst';
import { Field } from '../../ui/form/Field';
import { FormAlert } from '../../ui/form/FormAlert';
import { focusFirstInvalid, readFields } from '../../ui/form/formElements';
import { FormSuccess } from '../../ui/form/FormSuccess';
import { requestErrorText } from '../../ui/form/requestErrorMessage';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { useFieldErrors } from '../../ui/form/useFieldErrors';
import { formatExpiry } from '../../ui/formatExpiry';
import { useT, type Translate } from '../../ui/intl/useT';
import { WithWords } from '../../ui/intl/WithWords';
import { LoadFailed } from '../../ui/LoadFailed';
import { RemovePasskeyForm, RenamePasskeyForm } from './PasskeyForms';
import { PasskeyReviewForm } from './PasskeyReview';
import {
  passkeyAddRequested,
  passkeyEditClosed,
  passkeyEditOpened,
  passkeyListRetried,
  selectPasskeyDone,
  selectPasskeyEditing,
  selectPasskeyList,
  selectPasskeyRegistration,
  selectPasskeySupport,
  selectPasskeyReview,
  recentPasskeys,
  type CeremonyState,
  type Passkey,
} from './passkeysSlice';
import { PASSKEY_WORDS } from './passkeyWords';
import { RenamePasskeyBody } from './schemas';

const NAME_FIELD = ['name'] as const;
const validateName = (values: Record<'name', string>) => refused(RenamePasskeyBody, values);

/** A first name for a new passkey: the device it is made on, as the session list names it. */
function deviceName(t: Translate): string {
  const userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const { browser, system } = describeDevice(userAgent);
  return t('sessions.device', {
    browser: browser ?? t('sessions.unknownBrowser'),
    system: system ?? t('sessions.unknownSystem'),
  });
}

const BUSY_STEPS: ReadonlySet<CeremonyState['step']> = new Set(['options', 'browser', 'sending']);

const FAILURES: Record<string, MessageId> = {
  cancelled: 'passkeys.cancelled',
  unsupported: 'passkeys.unsupported',
  alreadyRegistered: 'passkeys.alreadyRegistered',
  notLoaded: 'requestError.network',
  failed: 'passkeys.failed',
};

/** Why the last "Add a passkey" made none, in words; null when there is nothing to say. */
function registrationProblem(t: Translate, register: CeremonyState): string | null {
  if (register.step !== 'failed' || !register.failure || register.failure === 'stopped') {
    return null;
  }
  if (register.failure === 'refused') {
    if (!register.error) return t('requestError.unexpected');
    if (register.error.code === 'INVALID_CREDENTIAL') return t('passkeys.notAccepted');
    if (register.error.code === 'PASSKEY_LIMIT') return t('passkeys.full', { count: PASSKEYS_MAX });
    return requestErrorText(t, register.error);
  }
  return t(FAILURES[register.failure] ?? 'passkeys.failed');
}

function AddPasskeyForm() {
  const t = useT();
  const dispatch = useAppDispatch();
  const register = useAppSelector(selectPasskeyRegistration);
  const busy = BUSY_STEPS.has(register.step);
  const fieldErrors = useFieldErrors(NAME_FIELD, validateName, register.error?.fields);
  const problem = registrationProblem(t, register);

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const name = readFields(form, NAME_FIELD).name.trim();
    const invalid = validateName({ name });
    fieldErrors.setClientErrors(invalid);
    if (focusFirstInvalid(form, NAME_FIELD, invalid)) {
      dispatch(validationFailed({ form: 'addPasskey', fields: invalid }));
      return;
    }
    dispatch(passkeyAddRequested({ name }));
  }

  return (
    <form
      className="form"
      noValidate
      aria-busy={busy}
      onSubmit={handleSubmit}
      onChange={fieldErrors.recheckOnChange}
    >
      <FormAlert message={problem} />
      <Field
        label={t('passkeys.newNameLabel')}
        hint={t('passkeys.nameHint')}
        name="name"
        defaultValue={deviceName(t)}
        autoComplete="off"
        error={fieldErrors.messages.name}
      />
      <SubmitButton label={t('passkeys.add')} busyLabel={t('passkeys.adding')} busy={busy} />
    </form>
  );
}

function PasskeyItem({ passkey, removable }: { passkey: Passkey; removable: boolean }) {
  const t = useT();
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const editing = useAppSelector(selectPasskeyEditing);
  const when = (iso: string) => formatExpiry(intl, t, new Date(iso));
  const open = editing?.id === passkey.id ? editing.action : null;
  const close = () => dispatch(passkeyEditClosed());
  return (
    <li className="passkeys__item" data-passkey={passkey.id}>
      <p className="passkeys__name">{passkey.name}</p>
      <p className="passkeys__when">{t('passkeys.added', { date: when(passkey.createdAt) })}</p>
      <p className="passkeys__when">
        {t('passkeys.lastUsed', {
          date: passkey.lastUsedAt ? when(passkey.lastUsedAt) : t('passkeys.neverUsed'),
        })}
      </p>
      {open === 'rename' ? (
        <RenamePasskeyForm passkey={passkey} onCancel={close} />
      ) : open === 'remove' ? (
        <RemovePasskeyForm passkey={passkey} onCancel={close} />
      ) : (
        <div className="passkeys__actions">
          <button
            type="button"
            className="button button--secondary"
            aria-label={t('passkeys.renameLabel', { name: passkey.name })}
            onClick={() => dispatch(passkeyEditOpened({ id: passkey.id, action: 'rename' }))}
          >
            {t('passkeys.rename')}
          </button>
          {removable ? (
            <button
              type="button"
              className="button button--secondary"
              aria-label={t('passkeys.removeLabel', { name: passkey.name })}
              onClick={() => dispatch(passkeyEditOpened({ id: passkey.id, action: 'remove' }))}
            >
              {t('passkeys.remove')}
            </button>
          ) : null}
        </div>
      )}
    </li>
  );
}

const DONE: Record<'added' | 'renamed' | 'removed', MessageId> = {
  added: 'passkeys.doneAdded',
  renamed: 'passkeys.doneRenamed',
  removed: 'passkeys.doneRemoved',
};

/** The list; `removable` once the session is confirmed (removing asks for it). */
function PasskeyList({ removable }: { removable: boolean }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectPasskeyList);
  if (list.status === 'failed' && list.error) {
    return (
      <LoadFailed
        className="passkeys__failed"
        message={t('passkeys.loadFailed')}
        error={list.error}
        retryLabel={t('passkeys.retry')}
        onRetry={() => dispatch(passkeyListRetried())}
      />
    );
  }
  if (list.status !== 'loaded') return <p aria-busy="true">{t('passkeys.loading')}</p>;
  if (list.items.length === 0) return <p className="passkeys__note">{t('passkeys.none')}</p>;
  return (
    <ul className="passkeys__list" aria-label={t('passkeys.title')}>
      {list.items.map((passkey) => (
        <PasskeyItem key={passkey.id} passkey={passkey} removable={removable} />
      ))}
    </ul>
  );
}

/** The section itself, rendered by the home view, with its own words. */
export function PasskeysSection() {
  return (
    <WithWords words={PASSKEY_WORDS}>
      <Passkeys />
    </WithWords>
  );
}

/** The section's content, under home's heading of it. */
function Passkeys() {
  const t = useT();
  const supported = useAppSelector(selectPasskeySupport);
  const done = useAppSelector(selectPasskeyDone);
  const list = useAppSelector(selectPasskeyList);
  const confirmed = useAppSelector(selectConfirmedUntil) !== null;
  const review = useAppSelector(selectPasskeyReview);
  const doneRef = useRef<HTMLParagraphElement>(null);
  // A passkey added, renamed or removed: what comes next is the result, not <body>.
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  // A full account is told so in place of the form (the server refuses a new one all the same).
  const full = list.status === 'loaded' && list.items.length >= PASSKEYS_MAX;
  const toReview = recentPasskeys(list.items, review).length > 0;
  return (
    <div className="card__section" data-passkeys>
      <p className="card__intro">{t('passkeys.intro')}</p>
      <FormSuccess ref={doneRef} message={done ? t(DONE[done]) : null} />
      <PasskeyList removable={confirmed} />
      {toReview && !confirmed ? (
        <p className="passkeys__note">{t('passkeys.reviewConfirmFirst')}</p>
      ) : null}
      <ConfirmFirst why="confirm.why.passkeys">
        <PasskeyReviewForm />
        {supported === false ? (
          <p className="passkeys__note">{t('passkeys.unsupported')}</p>
        ) : full ? (
          <p className="passkeys__note">{t('passkeys.full', { count: PASSKEYS_MAX })}</p>
        ) : supported ? (
          <AddPasskeyForm />
        ) : null}
      </ConfirmFirst>
    </div>
  );
}
