import { useIntl } from 'react-intl';

/** Slider and step buttons; the slider takes arrows, Page Up/Down, Home and End itself. */
export function ReplayControls({
  position,
  last,
  failedPositions,
  onMove,
}: {
  position: number;
  last: number;
  /** Positions whose action failed: marked under the slider. */
  failedPositions: readonly number[];
  onMove: (position: number) => void;
}) {
  const { formatMessage } = useIntl();
  // Position N is the state after action #N-1: the index the step list and the replay command use.
  const status =
    position === 0
      ? formatMessage({ id: 'replay.statusStart' }, { lastIndex: last - 1 })
      : formatMessage({ id: 'replay.status' }, { index: position - 1, lastIndex: last - 1 });
  const step = (id: string, target: number, disabled: boolean) => (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => onMove(target)}
      disabled={disabled}
    >
      {formatMessage({ id })}
    </button>
  );
  return (
    <div
      className="replay-controls"
      role="group"
      aria-label={formatMessage({ id: 'replay.controls' })}
    >
      {step('replay.first', 0, position === 0)}
      {step('replay.previous', position - 1, position === 0)}
      <div className="replay-controls__track">
        <input
          type="range"
          min={0}
          max={last}
          value={position}
          aria-label={formatMessage({ id: 'replay.position' })}
          aria-valuetext={status}
          onChange={(event) => onMove(Number(event.target.value))}
        />
        <div className="replay-controls__marks" aria-hidden="true">
          {failedPositions.map((failed) => (
            <span
              key={failed}
              className="replay-controls__mark"
              style={{ left: `${last === 0 ? 0 : (failed / last) * 100}%` }}
            />
          ))}
        </div>
      </div>
      {step('replay.next', position + 1, position === last)}
      {step('replay.last', last, position === last)}
      <output aria-live="polite">{status}</output>
    </div>
  );
}
