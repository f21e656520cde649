import type { UnknownAction } from '@reduxjs/toolkit';
import { FormattedMessage, useIntl } from 'react-intl';

import { SESSION_TIME_FORMAT } from '../../store/actionLog/sessionFacts';
import type { Step } from './describe';

import type { StateChange } from './stateDiff';

/** Longest text shown for one value: a huge payload is cut, not laid out whole. */
const SHOWN_CHARACTERS = 20_000;

function shortened(text: string): string {
  if (text.length <= SHOWN_CHARACTERS) return text;
  return `${text.slice(0, SHOWN_CHARACTERS)}… (${text.length - SHOWN_CHARACTERS} more characters)`;
}

const text = (value: unknown) =>
  value === undefined ? '—' : shortened(JSON.stringify(value) ?? String(value));

/**
 * A path or a JSON text that may wrap between its parts (after `.`, `,`, `:` and `/`) rather than
 * inside a word; a part longer than its column still breaks, as a last resort.
 */
function Wrappable({ children }: { children: string }) {
  const parts = children.split(/(?<=[.,:/])/);
  // Each part but the last ends with a break opportunity drawn by CSS (a zero-width space after
  // it): copying the text copies the text alone, and its accessible name is the text itself.
  return (
    <code>
      {parts.map((part, index) => (
        <span key={index} className={index < parts.length - 1 ? 'replay-break' : undefined}>
          {part}
        </span>
      ))}
    </code>
  );
}

/** The action that led to the shown state, what the server decided of it, and what it changed. */
export function ActionDetails({
  step,
  action,
  time,
  serverLines,
  changes,
}: {
  step: Step | null;
  action: UnknownAction | null;
  time: number | null;
  /** What the server recorded of this step's request, in words, in full. */
  serverLines: readonly string[];
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
            {formatDate(time, SESSION_TIME_FORMAT)}
          </time>
        </p>
      )}
      {serverLines.length > 0 && (
        <>
          <h3>
            <FormattedMessage id="replay.serverDecided" />
          </h3>
          <ul className="replay-details__server">
            {serverLines.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </>
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
                {/* Named by the path itself, whatever its wrapping parts. */}
                <th scope="row" aria-label={change.path}>
                  <Wrappable>{change.path}</Wrappable>
                </th>
                <td>
                  <Wrappable>{text(change.before)}</Wrappable>
                </td>
                <td>
                  <Wrappable>{text(change.after)}</Wrappable>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
