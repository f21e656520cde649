import { useId, useState, type DragEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

import { decodeLog, LogFileError, type DecodedLog } from '../../contract/action-log';

/** Larger files are refused before reading: a tab cannot lay out what it cannot hold. */
const MAX_FILE_BYTES = 50 * 1024 * 1024;

function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the file cannot be read'));
    reader.readAsText(file);
  });
}

/** Opens a log file from the file picker or a drop; a file that is not a valid log is refused. */
export function LogFilePicker({ onOpen }: { onOpen: (log: DecodedLog, name: string) => void }) {
  const { formatMessage } = useIntl();
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  async function open(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      const size = Math.round(file.size / 1024 / 1024);
      setError(formatMessage({ id: 'replay.tooLarge' }, { size }));
      return;
    }
    try {
      const log = decodeLog(await readText(file));
      setError(null);
      onOpen(log, file.name);
    } catch (reason) {
      setError(reason instanceof LogFileError ? reason.message : String(reason));
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void open(event.dataTransfer.files[0]);
  };

  return (
    <div
      className={`replay-picker${dragging ? ' replay-picker--dragging' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <label htmlFor={inputId}>
        <FormattedMessage id="replay.open" />
      </label>
      <input
        id={inputId}
        type="file"
        accept="application/json,.json"
        onChange={(event) => void open(event.target.files?.[0])}
      />
      <p>
        <FormattedMessage id="replay.dropHint" />
      </p>
      {error && (
        <p role="alert">
          <FormattedMessage id="replay.error" values={{ reason: error }} />
        </p>
      )}
    </div>
  );
}
