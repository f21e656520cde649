// After a password reset or "Log out all other devices", a passkey added with a stolen session
// would still sign in: home says which passkeys were added in the last days (the offer, where the
// change happened) and lets the visitor tick those to remove (the review, in the passkeys section,
// once the session is confirmed). The offer is the store's (`passkeys.review`), kept across home's
// sections until answered.
import { useId, useState, type SubmitEvent } from 'react';
import { useIntl } from 'react-intl';

import { api, decodeRequestError, UNTRACKED, type RequestError } from '../../store/apiSlice';
import { RECENT_PASSKEY_DAYS } from '../../store/constants';
import { homeSectionHref } from '../../store/home/homeSections';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { FormAlert } from '../../ui/form/FormAlert';
import { requestErrorText } from '../../ui/form/requestErrorMessage';
import { SubmitButton } from '../../ui/form/SubmitButton';

import { formatExpiry } from '../../ui/formatExpiry';
import { useT } from '../../ui/intl/useT';
import { WithWords } from '../../ui/intl/WithWords';
import { Link } from '../../ui/Link';
import {
  passkeyReviewClosed,
  recentPasskeys,
  selectPasskeyList,
  selectPasskeyReview,
  type PasskeyReview,
} from './passkeysSlice';
import { PASSKEY_WORDS } from './passkeyWords';

function useRecent(reason?: PasskeyReview['reason']) {
  const review = useAppSelector(selectPasskeyReview);
  const list = useAppSelector(selectPasskeyList);
  const shown = review && (reason === undefined || review.reason === reason) ? review : null;
  return { review: shown, recent: recentPasskeys(list.items, shown) };
}

interface OfferProps {
  reason: PasskeyReview['reason'];
  /** Its heading's level where it stands: 2 on the overview, 3 inside a section. */
  level: 2 | 3;
}

/** Which passkeys are recent, where the change that calls for a look happened. */
export function PasskeyReviewOffer(props: OfferProps) {
  return (
    <WithWords words={PASSKEY_WORDS}>
      <Offer {...props} />
    </WithWords>
  );
}

function Offer({ reason, level }: OfferProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const t = useT();
  const intl = useIntl();
  const headingId = useId();
  const { review, recent } = useRecent(reason);
  if (!review || recent.length === 0) return null;
  return (
    <section className="review" aria-labelledby={headingId} data-passkey-review>
      <Heading id={headingId} className="review__title">
        {t('passkeys.reviewTitle', { days: RECENT_PASSKEY_DAYS })}
      </Heading>
      <p>{t(reason === 'reset' ? 'passkeys.reviewAfterReset' : 'passkeys.reviewAfterEndOthers')}</p>
      <ul className="review__list">
        {recent.map((passkey) => (
          <li key={passkey.id}>
            <span className="review__name">{passkey.name}</span>{' '}
            <span className="review__when">
              {t('passkeys.added', {
                date: formatExpiry(intl, t, new Date(passkey.createdAt)),
              })}
            </span>
          </li>
        ))}
      </ul>
      <Link to={homeSectionHref('passkeys')}>{t('passkeys.reviewLink')}</Link>
    </section>
  );
}

/** The recent passkeys to tick and remove, or keep; inside the passkeys section's gate. */
export function PasskeyReviewForm() {
  const t = useT();
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const legendId = useId();
  const { review, recent } = useRecent();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!review || recent.length === 0) return null;

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const ticked = data.getAll('passkey').filter((id) => typeof id === 'string');
    if (ticked.length === 0) {
      setProblem(t('passkeys.reviewNoneTicked'));
      return;
    }
    setBusy(true);
    setProblem(null);
    let failure: RequestError | null = null;
    for (const id of ticked) {
      const result = await dispatch(api.endpoints.removePasskey.initiate({ id }, UNTRACKED));
      if ('error' in result) {
        failure = decodeRequestError(result.error);
        break;
      }
    }
    setBusy(false);
    if (failure) setProblem(requestErrorText(t, failure));
    else dispatch(passkeyReviewClosed());
  }

  return (
    <form className="form review" noValidate aria-busy={busy} onSubmit={handleSubmit}>
      <fieldset className="review__choices" aria-labelledby={legendId}>
        <legend id={legendId} className="review__title">
          {t('passkeys.reviewTitle', { days: RECENT_PASSKEY_DAYS })}
        </legend>
        <p>{t('passkeys.reviewChoose')}</p>
        <FormAlert message={problem} />
        {recent.map((passkey) => (
          <label key={passkey.id} className="checkbox">
            <input type="checkbox" name="passkey" value={passkey.id} />
            <span>
              {passkey.name} ·{' '}
              {t('passkeys.added', { date: formatExpiry(intl, t, new Date(passkey.createdAt)) })}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="passkeys__actions">
        <SubmitButton
          label={t('passkeys.reviewRemove')}
          busyLabel={t('passkeys.reviewRemoving')}
          busy={busy}
          tone="danger"
        />
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => dispatch(passkeyReviewClosed())}
        >
          {t('passkeys.reviewKeep')}
        </button>
      </div>
    </form>
  );
}
