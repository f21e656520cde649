import type { UnknownAction } from '@reduxjs/toolkit';
import { FormattedMessage, useIntl } from 'react-intl';

import type { StateChange } from './stateDiff';

const text = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

/** The action that led to the shown state, and what it changed. */
export function ActionDetails({
  action,
  time,
  changes,
}: {
  action: UnknownAction | null;
  time: number | null;
  changes: StateChange[];
}) {
  const { formatMessage, formatDate } = useIntl();
  return (
    <section className="replay-details" aria-label={formatMessage({ id: 'replay.action' })}>
      <h2>{action ? action.type : <FormattedMessage id="replay.initialState" />}</h2>
      {time !== null && (
        <p>
          <time dateTime={new Date(time).toISOString()}>
            {formatDate(time, { dateStyle: 'medium', timeStyle: 'medium' })}
          </time>
        </p>
      )}
      {action && <pre className="replay-details__action">{JSON.stringify(action, null, 2)}</pre>}
      <h3>
        <FormattedMessage id="replay.changes" />
      </h3>
      {changes.length === 0 ? (
        <p>
          <FormattedMessage id="replay.noChanges" />
        </p>
      ) : (
        <table className="replay-details__changes">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="replay.changePath" />
              </th>
              <th scope="col">
                <FormattedMessage id="replay.changeBefore" />
              </th>
              <th scope="col">
                <FormattedMessage id="replay.changeAfter" />
              </th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.path}>
                <th scope="row">
                  <code>{change.path}</code>
                </th>
                <td>
                  <code>{text(change.before)}</code>
                </td>
                <td>
                  <code>{text(change.after)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
