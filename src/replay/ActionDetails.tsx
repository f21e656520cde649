import type { UnknownAction } from '@reduxjs/toolkit';
import { FormattedMessage, useIntl } from 'react-intl';

import type { Step } from '../../store/actionLog/describe';

import type { StateChange } from './stateDiff';

/** Longest text shown for one value: a huge payload is cut, not laid out whole. */
const SHOWN_CHARACTERS = 20_000;

function shortened(text: string): string {
  if (text.length <= SHOWN_CHARACTERS) return text;
  return `${text.slice(0, SHOWN_CHARACTERS)}… (${text.length - SHOWN_CHARACTERS} more characters)`;
}

const text = (value: unknown) =>
  value === undefined ? '—' : shortened(JSON.stringify(value) ?? String(value));

/** The action that led to the shown state, and what it changed. */
export function ActionDetails({
  step,
  action,
  time,
  changes,
}: {
  step: Step | null;
  action: UnknownAction | null;
  time: number | null;
  changes: StateChange[];
}) {
  const { formatMessage, formatDate } = useIntl();
  return (
    <section className="replay-details" aria-label={formatMessage({ id: 'replay.action' })}>
      <h2>
        {step ? `#${step.index} ${step.text}` : <FormattedMessage id="replay.initialState" />}
      </h2>
      {action ? (
        <p>
          <code>{action.type}</code>
        </p>
      ) : null}
      {time !== null && (
        <p>
          <time dateTime={new Date(time).toISOString()}>
            {formatDate(time, { dateStyle: 'medium', timeStyle: 'medium' })}
          </time>
        </p>
      )}
      {action && (
        <pre className="replay-details__action">{shortened(JSON.stringify(action, null, 2))}</pre>
      )}
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
