import {
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useIntl } from 'react-intl';

import { relativeTime, type Step } from './describe';

import { useWindowedRows } from './useWindowedRows';

/** Every row has this height (two lines), so the window needs no measuring. */
const ROW_HEIGHT = 48;

interface StepListProps {
  steps: readonly Step[];
  /** What the server recorded, in words, on the step of the answer it decided (`--ref --page`). */
  serverLines?: ReadonlyMap<number, readonly string[]>;
  /** The step whose state is shown, or -1 for the state before the first action. */
  current: number;
  onSelect: (index: number) => void;
}

/**
 * The steps whose words contain the search, case-insensitively; `#27` finds action 27 itself,
 * the index the replay command prints.
 */
function matching(
  steps: readonly Step[],
  serverLines: ReadonlyMap<number, readonly string[]>,
  query: string,
  failedWord: string,
  failuresOnly: boolean,
): readonly Step[] {
  const needle = query.trim().toLowerCase();
  const candidates = failuresOnly ? steps.filter((step) => step.failed) : steps;
  if (!needle) return candidates;
  const badge = failedWord.toLowerCase();
  // What a row shows: its words, and its badge for a failure (a refused form reads "failed" too).
  return candidates.filter(
    (step) =>
      step.text.toLowerCase().includes(needle) ||
      (serverLines.get(step.index) ?? []).some((line) => line.toLowerCase().includes(needle)) ||
      (step.failed && badge.includes(needle)) ||
      `#${step.index}` === needle,
  );
}

/**
 * Every action of the log in words (the replay command's words and indexes), filtered by the
 * search box, failures marked; only the rows in view are rendered.
 *
 * Keyboard: the list is one tab stop (the current step, else the first in view); Arrow Up and
 * Arrow Down move one step, Home and End to the first and last shown; Enter or a click selects.
 */
const NO_SERVER_LINES: ReadonlyMap<number, readonly string[]> = new Map();

export function StepList({
  steps,
  serverLines = NO_SERVER_LINES,
  current,
  onSelect,
}: StepListProps) {
  const { formatMessage } = useIntl();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [failuresOnly, setFailuresOnly] = useState(false);
  const deferredQuery = useDeferredValue(query);
  const failedWord = formatMessage({ id: 'replay.failed' });
  const shown = useMemo(
    () => matching(steps, serverLines, deferredQuery, failedWord, failuresOnly),
    [steps, serverLines, deferredQuery, failedWord, failuresOnly],
  );
  const { ref, first, last, firstInView, totalHeight, reveal } = useWindowedRows(
    shown.length,
    ROW_HEIGHT,
  );
  const row = shown.findIndex((step) => step.index === current);
  const tabStop = row >= first && row < last ? row : firstInView;

  // Keep the current step in view: after a move by the slider, the buttons or the keys.
  useEffect(() => reveal(row), [reveal, row]);

  // After a key, the focus follows the step it moved to, once that row is rendered.
  const focusStep = useRef<number | null>(null);
  const focusPending = () => {
    if (focusStep.current === null) return;
    const button = ref.current?.querySelector<HTMLButtonElement>(
      `[data-step="${focusStep.current}"] button`,
    );
    if (!button) return;
    focusStep.current = null;
    button.focus();
  };
  useEffect(focusPending);

  function onKeyDown(event: KeyboardEvent, at: number) {
    const targets: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at - 1,
      Home: 0,
      End: shown.length - 1,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = shown[target];
    if (!next) return;
    focusStep.current = next.index;
    reveal(target);
    onSelect(next.index);
    // A row already rendered takes the focus now; another once the window has moved to it.
    focusPending();
  }

  return (
    <section className="replay-steps" aria-label={formatMessage({ id: 'replay.steps' })}>
      <label htmlFor={searchId} className="replay-steps__label">
        {formatMessage({ id: 'replay.search' })}
      </label>
      <input
        id={searchId}
        className="input"
        type="search"
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <label className="replay-steps__filter">
        <input
          type="checkbox"
          checked={failuresOnly}
          onChange={(event) => setFailuresOnly(event.target.checked)}
        />{' '}
        {formatMessage({ id: 'replay.failuresOnly' })}
      </label>
      <p className="replay-steps__count" aria-live="polite">
        {formatMessage({ id: 'replay.shownSteps' }, { shown: shown.length, total: steps.length })}
      </p>
      <div ref={ref} className="replay-steps__viewport">
        {/* The list is as tall as all its rows; only the rows in view are in it. */}
        <ol className="replay-steps__list" style={{ height: totalHeight }}>
          {shown.slice(first, last).map((step, offset) => {
            const at = first + offset;
            const server = serverLines.get(step.index)?.join('; ');
            return (
              <li
                key={step.index}
                data-step={step.index}
                aria-setsize={shown.length}
                aria-posinset={at + 1}
                className={step.failed ? 'replay-step replay-step--failed' : 'replay-step'}
                style={{ top: at * ROW_HEIGHT, height: ROW_HEIGHT }}
              >
                <button
                  type="button"
                  tabIndex={at === tabStop ? 0 : -1}
                  aria-current={step.index === current ? 'step' : undefined}
                  onClick={() => onSelect(step.index)}
                  onKeyDown={(event) => onKeyDown(event, at)}
                >
                  <span className="replay-step__meta">
                    <span className="replay-step__index">#{step.index}</span>{' '}
                    <span className="replay-step__time">{relativeTime(step.offsetMs)}</span>
                    {server ? (
                      <span className="replay-step__server" title={server}>
                        {server}
                      </span>
                    ) : null}
                    {step.failed ? (
                      <span className="replay-step__mark">
                        {formatMessage({ id: 'replay.failed' })}
                      </span>
                    ) : null}
                  </span>
                  <span className="replay-step__text" title={step.text}>
                    {step.text}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
