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

import { relativeTime, type Step } from '../../store/actionLog/describe';

import { useWindowedRows } from './useWindowedRows';

const ROW_HEIGHT = 48;

interface StepListProps {
  steps: readonly Step[];
  /** The step whose state is shown, or -1 for the state before the first action. */
  current: number;
  onSelect: (index: number) => void;
}

/**
 * Every action of the log in words (the replay command's words and indexes), filtered by the
 * search box, failures marked; only the rows in view are rendered.
 */
export function StepList({ steps, current, onSelect }: StepListProps) {
  const { formatMessage } = useIntl();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const shown = useMemo(() => {
    const needle = deferredQuery.trim().toLowerCase();
    return needle ? steps.filter((step) => step.text.toLowerCase().includes(needle)) : steps;
  }, [steps, deferredQuery]);
  const { ref, first, last, totalHeight, reveal } = useWindowedRows(shown.length, ROW_HEIGHT);
  const row = shown.findIndex((step) => step.index === current);

  const focusMoved = useRef(false);

  useEffect(() => {
    reveal(row);
    // After an arrow key the focus follows the current step (its row is rendered by now).
    if (!focusMoved.current) return;
    focusMoved.current = false;
    ref.current?.querySelector<HTMLButtonElement>(`[data-step="${current}"] button`)?.focus();
  }, [reveal, row, current, ref]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const next = shown[row === -1 ? 0 : row + (event.key === 'ArrowDown' ? 1 : -1)];
    if (!next) return;
    focusMoved.current = true;
    onSelect(next.index);
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
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <p className="replay-steps__count" aria-live="polite">
        {formatMessage({ id: 'replay.shownSteps' }, { shown: shown.length, total: steps.length })}
      </p>
      <div ref={ref} className="replay-steps__viewport">
        <ol className="replay-steps__list" style={{ height: totalHeight }}>
          {shown.slice(first, last).map((step, offset) => (
            <li
              key={step.index}
              data-step={step.index}
              className={step.failed ? 'replay-step replay-step--failed' : 'replay-step'}
              style={{ top: (first + offset) * ROW_HEIGHT, height: ROW_HEIGHT }}
            >
              <button
                type="button"
                aria-current={step.index === current ? 'step' : undefined}
                onClick={() => onSelect(step.index)}
                onKeyDown={onKeyDown}
              >
                <span className="replay-step__meta">
                  <span className="replay-step__index">#{step.index}</span>{' '}
                  <span className="replay-step__time">{relativeTime(step.offsetMs)}</span>
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
          ))}
        </ol>
      </div>
    </section>
  );
}
