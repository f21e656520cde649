import { useMemo } from 'react';
import { useIntl } from 'react-intl';

/** Where the ticks of `positions` go on a slider from 0 to `last`, in percent, one per 0.1 %. */
function tickPercents(positions: readonly number[], last: number): number[] {
  if (last === 0) return positions.length > 0 ? [0] : [];
  // Thousands of failures in a long log still draw at most a thousand ticks.
  return [...new Set(positions.map((position) => Math.round((position / last) * 1000) / 10))];
}

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
  const ticks = useMemo(() => tickPercents(failedPositions, last), [failedPositions, last]);
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
          {ticks.map((percent) => (
            <span key={percent} className="replay-controls__mark" style={{ left: `${percent}%` }} />
          ))}
        </div>
      </div>
      {step('replay.next', position + 1, position === last)}
      {step('replay.last', last, position === last)}
      <output aria-live="polite">{status}</output>
    </div>
  );
}
