import { useIntl } from 'react-intl';

import type { MessageId } from '../../i18n/messages/en';
import { serverEventFacts } from '../../store/actionLog/serverEvents';
import { useAppDispatch } from '../../store/hooks';
import { requestErrorText } from '../../ui/form/requestErrorMessage';
import { useT, type Translate } from '../../ui/intl/useT';
import {
  operatorEventsAsked,
  operatorMoreEventsRequested,
  type EventsOf,
  type EventsPage,
  type OperatorEvent,
} from './operatorSlice';

import { useWhen } from './useWhen';

/**
 * One decision in words, as the replay's `server:` lines say it (store/actionLog/serverEvents.ts):
 * `login 401 INVALID_CREDENTIALS, try 2 of 5 for this email from this address`.
 */
export function useEventWords(): (event: OperatorEvent) => string {
  const t = useT();
  const { messages } = useIntl();
  return (event) => {
    const facts = serverEventFacts(event);
    const parts = [
      t('operator.event.line', {
        endpoint: facts.endpoint,
        status: String(facts.status),
        verdict: facts.verdict,
      }),
    ];
    if (facts.limit) parts.push(limitText(t, messages, facts.limit));
    if (event.operatorId) parts.push(t('operator.event.byOperator'));
    return parts.join(', ');
  };
}

function limitText(
  t: Translate,
  messages: Record<string, unknown>,
  limit: NonNullable<ReturnType<typeof serverEventFacts>['limit']>,
) {
  const id = `operator.limit.${limit.name}`;
  const what =
    id in messages ? t(id as MessageId) : t('operator.event.limitOther', { name: limit.name });
  return limit.noneLeft
    ? t('operator.event.noneLeft', { points: limit.points, what })
    : t('operator.event.try', { used: limit.used, points: limit.points, what });
}

/** A page of the record, newest first, with "Older events" while there are more. */
export function EventTimeline({
  of,
  page,
  title,
}: {
  of: EventsOf;
  page: EventsPage;
  title: string;
}) {
  const t = useT();
  const dispatch = useAppDispatch();
  const words = useEventWords();
  const when = useWhen();
  const more = () => dispatch(operatorMoreEventsRequested({ of }));
  return (
    <section className="operator-timeline" aria-label={title}>
      <h3 className="operator__subtitle">{title}</h3>
      {page.status === 'loading' ? (
        <p role="status">{t('operator.events.loading')}</p>
      ) : page.status === 'failed' && page.error ? (
        <Failed
          error={page.error}
          onRetry={() => dispatch(operatorEventsAsked({ of, more: false }))}
        />
      ) : page.status === 'loaded' && page.list.length === 0 ? (
        <p>{t('operator.events.none')}</p>
      ) : (
        <ol className="operator-timeline__list">
          {page.list.map((event) => (
            <li
              key={event.id}
              className={
                event.outcome === 'refused'
                  ? 'operator-timeline__event operator-timeline__event--refused'
                  : 'operator-timeline__event'
              }
            >
              <time dateTime={event.time}>{when(event.time)}</time>{' '}
              <span className="operator-timeline__words">{words(event)}</span>{' '}
              <span className="operator-timeline__address">
                {t('operator.event.address', { hash: event.addressHash.slice(0, 8) })}
              </span>
            </li>
          ))}
        </ol>
      )}
      {page.status === 'loaded' && page.error ? (
        <p role="alert">{t('operator.loadFailed', { reason: requestErrorText(t, page.error) })}</p>
      ) : null}
      {page.status === 'loaded' && page.next ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={page.loadingMore}
          aria-busy={page.loadingMore}
          onClick={more}
        >
          {page.loadingMore ? t('operator.events.moreBusy') : t('operator.events.more')}
        </button>
      ) : null}
    </section>
  );
}

export function Failed({
  error,
  onRetry,
}: {
  error: NonNullable<EventsPage['error']>;
  onRetry: () => void;
}) {
  const t = useT();
  return (
    <div className="operator__failed">
      <p role="alert">{t('operator.loadFailed', { reason: requestErrorText(t, error) })}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('operator.retry')}
      </button>
    </div>
  );
}
