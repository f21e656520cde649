import { useEffect, useRef } from 'react';

import type { SESSION_OPENERS } from '../../contract/schemas';
import type { MessageId } from '../../i18n/messages/en';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { requestErrorText } from '../../ui/form/requestErrorMessage';
import { useT } from '../../ui/intl/useT';
import { Link } from '../../ui/Link';

import { EventTimeline, Failed } from './EventTimeline';
import { operatorHref } from './location';
import {
  operatorActionAsked,
  operatorActionCancelled,
  operatorActionConfirmed,
  operatorRetried,
  selectOperatorAsked,
  selectOperatorEvents,
  selectOperatorSent,
  selectOperatorUploads,
  selectOperatorUser,
  type OperatorAction,
  type OperatorActionKind,
  type OperatorUserSummary,
} from './operatorSlice';
import { useWhen } from './useWhen';

const ASK: Record<OperatorActionKind, MessageId> = {
  endSession: 'operator.ask.endSession',
  endAllSessions: 'operator.ask.endAllSessions',
  lock: 'operator.ask.lock',
  unlock: 'operator.ask.unlock',
  resendActivation: 'operator.ask.resendActivation',
  delete: 'operator.ask.delete',
};

const LABEL: Record<OperatorActionKind, MessageId> = {
  endSession: 'operator.action.endSession',
  endAllSessions: 'operator.action.endAllSessions',
  lock: 'operator.action.lock',
  unlock: 'operator.action.unlock',
  resendActivation: 'operator.action.resendActivation',
  delete: 'operator.action.delete',
};

/** A user's page: the summary, the live sessions, the actions, and their record. */
export function UserPage({ id }: { id: string }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectOperatorUser);
  const events = useAppSelector(selectOperatorEvents);
  const summary = user?.id === id ? user.summary : null;
  return (
    <section className="operator-panel" aria-labelledby="operator-user-title">
      <Link to={operatorHref({})} className="operator__back">
        {t('operator.user.back')}
      </Link>
      <h2 id="operator-user-title" className="operator__title">
        {summary ? summary.email : t('operator.summary')}
      </h2>
      {summary ? (
        <>
          <Summary summary={summary} />
          <Sessions summary={summary} />
          <Actions summary={summary} />
          <Uploads id={summary.id} />
          <EventTimeline of="user" page={events} title={t('operator.events')} />
        </>
      ) : user?.id === id && user.status === 'failed' && user.error ? (
        user.error.code === 'NOT_FOUND' ? (
          <p role="alert">{t('operator.user.notFound')}</p>
        ) : (
          <Failed error={user.error} onRetry={() => dispatch(operatorRetried())} />
        )
      ) : (
        <p role="status">{t('operator.user.loading')}</p>
      )}
    </section>
  );
}

function Summary({ summary }: { summary: OperatorUserSummary }) {
  const t = useT();
  const when = useWhen();
  const rows: [MessageId, string][] = [
    ['operator.summary.email', summary.email],
    ['operator.summary.id', summary.id],
    ['operator.summary.created', when(summary.createdAt)],
    [
      'operator.summary.activated',
      summary.activatedAt ? when(summary.activatedAt) : t('operator.summary.notActivated'),
    ],
    [
      'operator.summary.locked',
      summary.lockedAt
        ? t('operator.summary.lockedSince', { time: when(summary.lockedAt) })
        : t('operator.summary.no'),
    ],
    [
      'operator.summary.secondFactor',
      t(summary.secondFactor ? 'operator.summary.on' : 'operator.summary.off'),
    ],
    [
      'operator.summary.passkeys',
      t('operator.summary.passkeyCount', { count: summary.passkeys.length }),
    ],
    [
      'operator.summary.lastSignIn',
      summary.lastSignInAt ? when(summary.lastSignInAt) : t('operator.summary.noSignIn'),
    ],
    [
      'operator.summary.providers',
      summary.providers.length === 0
        ? t('operator.summary.noProviders')
        : summary.providers
            .map((provider) =>
              t('operator.summary.provider', {
                name: provider.name,
                email: provider.email,
                time: when(provider.createdAt),
              }),
            )
            .join('; '),
    ],
    [
      'operator.summary.operator',
      t(summary.operator ? 'operator.summary.yes' : 'operator.summary.no'),
    ],
  ];
  return (
    <dl className="operator-summary" aria-label={t('operator.summary')}>
      {rows.map(([label, value]) => (
        <div key={label} className="operator-summary__row">
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Sessions({ summary }: { summary: OperatorUserSummary }) {
  const t = useT();
  const when = useWhen();
  return (
    <section className="operator-sessions" aria-labelledby="operator-sessions-title">
      <h3 id="operator-sessions-title" className="operator__subtitle">
        {t('operator.sessions')}
      </h3>
      {summary.sessions.length === 0 ? (
        <p>{t('operator.sessions.none')}</p>
      ) : (
        <ul className="operator-sessions__list">
          {summary.sessions.map((session) => (
            <li key={session.id} className="operator-sessions__row">
              <p>
                {t('operator.session.line', {
                  method: session.openedBy.startsWith('provider:')
                    ? t('operator.method.provider', {
                        provider: session.openedBy.slice('provider:'.length),
                      })
                    : t(`operator.method.${session.openedBy as (typeof SESSION_OPENERS)[number]}`),
                  time: when(session.lastUsedAt),
                })}
              </p>
              <p className="operator-sessions__device">{session.userAgent}</p>
              <p className="operator-sessions__device">
                {t('operator.session.since', { time: when(session.createdAt) })}
              </p>
              <ActionButton
                action={{ kind: 'endSession', userId: summary.id, sessionId: session.id }}
                email={summary.email}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The activity logs the user's tabs sent, each opening in the replay page as the reference box
 * does (a plain GET form: the replay page reads it with this browser's session).
 */
function Uploads({ id }: { id: string }) {
  const t = useT();
  const when = useWhen();
  const dispatch = useAppDispatch();
  const uploads = useAppSelector(selectOperatorUploads);
  const mine = uploads?.id === id ? uploads : null;
  return (
    <section className="operator-sessions" aria-labelledby="operator-uploads-title">
      <h3 id="operator-uploads-title" className="operator__subtitle">
        {t('operator.uploads')}
      </h3>
      {mine?.status === 'failed' && mine.error ? (
        <Failed error={mine.error} onRetry={() => dispatch(operatorRetried())} />
      ) : !mine || (mine.status === 'loading' && mine.list.length === 0) ? (
        <p role="status">{t('operator.uploads.loading')}</p>
      ) : mine.list.length === 0 ? (
        <p>{t('operator.uploads.none')}</p>
      ) : (
        <ul className="operator-sessions__list">
          {mine.list.map((upload) => (
            <li key={upload.reference} className="operator-sessions__row">
              <p>
                {t('operator.uploads.line', {
                  time: when(upload.createdAt),
                  kb: Math.max(1, Math.round(upload.size / 1024)),
                })}
              </p>
              {upload.lastPath ? (
                <p className="operator-sessions__device">
                  {t('operator.uploads.lastPath', { path: upload.lastPath })}
                </p>
              ) : null}
              <form method="get" action="/replay.html">
                <input type="hidden" name="upload" value={upload.reference} />
                <button type="submit" className="button button--secondary">
                  {t('operator.uploads.open', { reference: upload.reference })}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Actions({ summary }: { summary: OperatorUserSummary }) {
  const t = useT();
  const sent = useAppSelector(selectOperatorSent);
  // An operator's account is never locked or deleted (the server refuses it): no such button.
  const kinds: OperatorActionKind[] = [
    ...(summary.sessions.length > 0 ? (['endAllSessions'] as const) : []),
    ...(summary.lockedAt ? (['unlock'] as const) : summary.operator ? [] : (['lock'] as const)),
    ...(summary.activatedAt ? [] : (['resendActivation'] as const)),
    ...(summary.operator ? [] : (['delete'] as const)),
  ];
  const mine = sent?.action.userId === summary.id ? sent : null;
  return (
    <section className="operator-actions" aria-labelledby="operator-actions-title">
      <h3 id="operator-actions-title" className="operator__subtitle">
        {t('operator.actions')}
      </h3>
      <p role="status" className="operator-actions__outcome">
        {mine?.status === 'sending'
          ? t('operator.sending')
          : mine?.status === 'done'
            ? doneText(t, mine.action.kind, mine.ended ?? 0)
            : null}
      </p>
      {mine?.status === 'failed' && mine.error ? (
        <p role="alert">
          {t('operator.actionFailed', { reason: requestErrorText(t, mine.error) })}
        </p>
      ) : null}
      <div className="operator-actions__buttons">
        {kinds.map((kind) => (
          <ActionButton key={kind} action={{ kind, userId: summary.id }} email={summary.email} />
        ))}
      </div>
    </section>
  );
}

function doneText(t: ReturnType<typeof useT>, kind: OperatorActionKind, ended: number) {
  switch (kind) {
    case 'endSession':
    case 'endAllSessions':
      return t('operator.done.endSessions', { count: ended });
    case 'lock':
      return t('operator.done.lock');
    case 'unlock':
      return t('operator.done.unlock');
    case 'resendActivation':
      return t('operator.done.resendActivation');
    case 'delete':
      return t('operator.done.delete');
  }
}

const sameAction = (a: OperatorAction | null, b: OperatorAction) =>
  a !== null && a.kind === b.kind && a.userId === b.userId && a.sessionId === b.sessionId;

/** An action's button; pressed, its confirmation step in its place, the focus on its question. */
function ActionButton({ action, email }: { action: OperatorAction; email: string }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const asked = useAppSelector(selectOperatorAsked);
  const sending = useAppSelector(selectOperatorSent)?.status === 'sending';
  const open = sameAction(asked, action);
  const questionRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (open) questionRef.current?.focus();
  }, [open]);
  const danger = action.kind === 'delete' || action.kind === 'lock';
  if (!open) {
    return (
      <button
        type="button"
        className={`button ${danger ? 'button--danger' : 'button--secondary'}`}
        disabled={sending}
        onClick={() => dispatch(operatorActionAsked(action))}
      >
        {t(LABEL[action.kind])}
      </button>
    );
  }
  return (
    <div className="operator-ask" role="group" aria-label={t(LABEL[action.kind])}>
      <p ref={questionRef} tabIndex={-1} className="operator-ask__question">
        {t(ASK[action.kind], { email })}
      </p>
      <div className="operator-ask__buttons">
        <button
          type="button"
          className={`button ${danger ? 'button--danger' : 'button--primary'}`}
          onClick={() => dispatch(operatorActionConfirmed())}
        >
          {t('operator.ask.confirm')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => dispatch(operatorActionCancelled())}
        >
          {t('operator.ask.cancel')}
        </button>
      </div>
    </div>
  );
}
