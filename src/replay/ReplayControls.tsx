import { useIntl } from 'react-intl';

/** Slider and step buttons; the slider takes arrows, Page Up/Down, Home and End itself. */
export function ReplayControls({
  position,
  last,
  onMove,
}: {
  position: number;
  last: number;
  onMove: (position: number) => void;
}) {
  const { formatMessage } = useIntl();
  const status = formatMessage({ id: 'replay.status' }, { position, last });
  const step = (id: string, target: number, disabled: boolean) => (
    <button type="button" onClick={() => onMove(target)} disabled={disabled}>
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
      <input
        type="range"
        min={0}
        max={last}
        value={position}
        aria-label={formatMessage({ id: 'replay.position' })}
        aria-valuetext={status}
        onChange={(event) => onMove(Number(event.target.value))}
      />
      {step('replay.next', position + 1, position === last)}
      {step('replay.last', last, position === last)}
      <output aria-live="polite">{status}</output>
    </div>
  );
}
