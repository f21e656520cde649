import { useEffect, useMemo, useState, type SyntheticEvent } from 'react';
import { IntlProvider, FormattedMessage, useIntl } from 'react-intl';

import { decodeLog, LogFileError, type DecodedLog } from '../../contract/action-log';
import { indexLog, type LogIndex } from '../../contract/action-log-index';
import { LANGUAGES } from '../../contract/languages';
import { intlFormats } from '../../i18n/digits';
import {
  describeServerEvent,
  placeServerEvents,
  type ServerEvent,
} from '../../store/actionLog/serverEvents';
import {
  DEFAULT_LOCALE,
  FORMAT_LOCALE,
  INTL_LOCALE,
  LOCALES,
  type Locale,
} from '../../store/constants';
import { App } from '../app/App';

import { ActionDetails } from './ActionDetails';
import { describeActions, type Step } from './describe';
import { allStates, firstDivergence, type Divergence } from './foldLog';
import { LogFilePicker } from './LogFilePicker';
import { useOperatorUpload, type UploadFailure, type UploadLoad } from './operatorUpload';
import { ReplayControls } from './ReplayControls';
import { SessionHeader } from './SessionHeader';
import { stateDiff } from './stateDiff';
import { StepList } from './StepList';
import { useChromeMessages } from './useChromeMessages';
import { viewOnlyStore } from './viewOnlyStore';

interface OpenLog {
  /** Tells one opened file from the next, even one with the same name. */
  serial: number;
  log: DecodedLog;
  name: string;
  states: ReturnType<typeof allStates>;
  steps: Step[];
  divergence: Divergence | null;
  index: LogIndex;
}

let opened = 0;

/** Everything the page shows of a log, worked out once as it opens. */
function openLog(log: DecodedLog, name: string): OpenLog {
  const states = allStates(log);
  opened += 1;
  return {
    serial: opened,
    log,
    name,
    states,
    steps: describeActions(log.actions, log.timestamps),
    divergence: firstDivergence(log),
    index: indexLog(log),
  };
}

/**
 * The server's lines of each step, in words: an event goes on the answer it decided (or the first
 * action after its time; after the last action, on the last).
 */
function serverLinesOf(log: DecodedLog, events: readonly ServerEvent[]) {
  const lines = new Map<number, string[]>();
  const last = log.actions.length - 1;
  for (const [at, placed] of placeServerEvents(log.actions, log.timestamps, events)) {
    const index = Math.min(at, last);
    lines.set(index, [...(lines.get(index) ?? []), ...placed.map(describeServerEvent)]);
  }
  return lines;
}

const NO_LINES: readonly string[] = [];

/** Where `inert` is not kept (an older browser, jsdom), a click or submit still does nothing. */
function stopped(event: SyntheticEvent) {
  const target = event.target as Element;
  if (event.type === 'submit' || target.closest('a, button, [role="button"], [role="link"]')) {
    event.preventDefault();
    event.stopPropagation();
  }
}

/** Position 0 is the state before the first action; position N the state after action N - 1. */
function Replay({ open, serverEvents }: { open: OpenLog; serverEvents: readonly ServerEvent[] }) {
  const [position, setPosition] = useState(open.states.length - 1);
  const last = open.states.length - 1;
  const move = (target: number) => setPosition(Math.min(Math.max(target, 0), last));
  const state = open.states[position]!;
  const store = useMemo(() => viewOnlyStore(state), [state]);
  const changes = useMemo(
    () => (position === 0 ? [] : stateDiff(open.states[position - 1], state)),
    [open.states, position, state],
  );
  const { formatMessage } = useIntl();
  const failedPositions = useMemo(
    () => open.steps.filter((step) => step.failed).map((step) => step.index + 1),
    [open.steps],
  );
  const serverLines = useMemo(
    () => serverLinesOf(open.log, serverEvents),
    [open.log, serverEvents],
  );
  const step = position === 0 ? null : open.steps[position - 1]!;
  const { divergence } = open;
  const nextFailure = failedPositions.find((failed) => failed > position);
  const previousFailure = failedPositions.findLast((failed) => failed < position);

  // `n` and `p`: the next and previous failure, unless the visitor is typing somewhere.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const to = event.key === 'n' ? nextFailure : event.key === 'p' ? previousFailure : undefined;
      if (to === undefined) return;
      event.preventDefault();
      setPosition(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [nextFailure, previousFailure]);
  return (
    <>
      {divergence ? (
        <div role="alert" className="replay-warning">
          <p>
            {formatMessage(
              { id: 'replay.diverges' },
              { index: divergence.index, type: divergence.type },
            )}
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => move(divergence.index + 1)}
          >
            {formatMessage({ id: 'replay.showDivergence' }, { index: divergence.index })}
          </button>
        </div>
      ) : null}
      <ReplayControls
        position={position}
        last={last}
        failedPositions={failedPositions}
        onMove={move}
      />
      <div className="replay-failures" role="group">
        <button
          type="button"
          className="button button--secondary"
          disabled={previousFailure === undefined}
          aria-keyshortcuts="p"
          onClick={() => previousFailure !== undefined && move(previousFailure)}
        >
          {formatMessage({ id: 'replay.previousFailure' })}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={nextFailure === undefined}
          aria-keyshortcuts="n"
          onClick={() => nextFailure !== undefined && move(nextFailure)}
        >
          {formatMessage({ id: 'replay.nextFailure' })}
        </button>
      </div>
      <div className="replay-body">
        <StepList
          steps={open.steps}
          serverLines={serverLines}
          current={position - 1}
          onSelect={(index) => move(index + 1)}
        />
        <ActionDetails
          step={step}
          action={position === 0 ? null : open.log.actions[position - 1]!}
          time={position === 0 ? null : open.log.timestamps[position - 1]!}
          serverLines={step ? (serverLines.get(step.index) ?? NO_LINES) : NO_LINES}
          changes={changes}
        />
        {/* A picture of the app, inert: it takes no focus, key, click or scroll (a view that
            focuses its first field on opening would otherwise take the analyst's keyboard and
            scroll the page; the footer's send and download would act on this page). The section
            around it still scrolls. */}
        <section
          className="replay-preview"
          aria-label={formatMessage({ id: 'replay.preview' })}
          onClickCapture={stopped}
          onSubmitCapture={stopped}
        >
          {/* A new store and tree per position: the view shows that state and nothing else. */}
          <div inert>
            <App key={position} store={store} />
          </div>
        </section>
      </div>
    </>
  );
}

/**
 * A log named by the page's address (`replay.html?log=/log.json`, as `npm run replay -- --ref REF
 * --page` serves it): fetched from the page's own origin only, never from another site.
 */
function useLogFromAddress(
  logUrl: string | undefined,
  onOpen: (log: DecodedLog, name: string) => void,
  onError: (reason: string) => void,
) {
  useEffect(() => {
    if (!logUrl) return;
    let current = true;
    void (async () => {
      try {
        const url = new URL(logUrl, window.location.href);
        if (url.origin !== window.location.origin) {
          throw new LogFileError("a log is opened from this page's own address only");
        }
        const response = await fetch(url);
        if (!response.ok)
          throw new LogFileError(`the log could not be fetched (${response.status})`);
        const log = decodeLog(await response.text());
        if (current) onOpen(log, url.searchParams.get('name') ?? url.pathname.split('/').pop()!);
      } catch (reason) {
        if (current) onError(reason instanceof Error ? reason.message : String(reason));
      }
    })();
    return () => {
      current = false;
    };
    // Once per address: the callbacks only set state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [logUrl]);
}

/** A row of the server's events as the page takes it: anything else is left out. */
function isServerEvent(value: unknown): value is ServerEvent {
  const event = value as Partial<ServerEvent> | null;
  return (
    typeof event === 'object' &&
    event !== null &&
    typeof event.time === 'number' &&
    typeof event.event === 'string' &&
    typeof event.outcome === 'string' &&
    typeof event.status === 'number'
  );
}

/**
 * What the server recorded of the log's requests (`&server=/log.server.json`, beside the log),
 * from the page's own origin only; none when it cannot be read (the log opens anyway).
 */
function useServerEvents(serverUrl: string | undefined): readonly ServerEvent[] {
  const [events, setEvents] = useState<readonly ServerEvent[]>([]);
  useEffect(() => {
    if (!serverUrl) return;
    let current = true;
    void (async () => {
      try {
        const url = new URL(serverUrl, window.location.href);
        if (url.origin !== window.location.origin) return;
        const response = await fetch(url);
        const read: unknown = response.ok ? await response.json() : [];
        const valid = Array.isArray(read) ? read.filter(isServerEvent) : [];
        if (current) {
          setEvents(
            valid.map((event) => ({
              ...event,
              code: typeof event.code === 'string' ? event.code : null,
              limit_name: typeof event.limit_name === 'string' ? event.limit_name : null,
              limit_left: typeof event.limit_left === 'number' ? event.limit_left : null,
              limit_points: typeof event.limit_points === 'number' ? event.limit_points : null,
              request_id: typeof event.request_id === 'string' ? event.request_id : null,
            })),
          );
        }
      } catch {
        // The log is what matters; its server lines are extra.
      }
    })();
    return () => {
      current = false;
    };
  }, [serverUrl]);
  return events;
}

const UPLOAD_FAILURES: Record<UploadFailure, string> = {
  signIn: 'replay.upload.signIn',
  confirm: 'replay.upload.confirm',
  forbidden: 'replay.upload.forbidden',
  notFound: 'replay.upload.notFound',
  failed: 'replay.upload.failed',
};

/** How the upload named by the address is loading, or why it did not open, with what to do. */
function UploadStatus({
  reference,
  load,
  retry,
}: {
  reference: string;
  load: UploadLoad;
  retry: () => void;
}) {
  if (load.status === 'loading') {
    return (
      <p role="status">
        <FormattedMessage id="replay.upload.loading" values={{ reference }} />
      </p>
    );
  }
  if (load.status === 'unreadable') {
    return (
      <p role="alert">
        <FormattedMessage id="replay.error" values={{ reason: load.reason }} />
      </p>
    );
  }
  if (load.status !== 'failed') return null;
  return (
    <div className="replay-upload" role="alert">
      <p>
        <FormattedMessage id={UPLOAD_FAILURES[load.failure]} values={{ reference }} />
      </p>
      <p className="replay-upload__actions">
        <a href="/operator?panel=reference">
          <FormattedMessage id="replay.upload.console" />
        </a>{' '}
        <button type="button" className="button button--secondary" onClick={retry}>
          <FormattedMessage id="replay.upload.retry" />
        </button>
      </p>
    </div>
  );
}

export function ReplayPage({
  initialLocale = DEFAULT_LOCALE,
  logUrl,
  serverUrl,
  device,
  upload,
}: {
  initialLocale?: Locale;
  /** A log to open at once, on the page's own origin. */
  logUrl?: string;
  /** What the server recorded of that log's requests, on the page's own origin. */
  serverUrl?: string;
  /** The sender's device class, when the server knew it. */
  device?: string;
  /** An upload's reference, read through the operator API with this browser's session. */
  upload?: string;
}) {
  const [locale, setLocale] = useState<Locale>(initialLocale);
  const [open, setOpen] = useState<OpenLog | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const messages = useChromeMessages(locale);
  useLogFromAddress(logUrl, (log, name) => setOpen(openLog(log, name)), setLoadError);
  const serverEvents = useServerEvents(serverUrl);
  const uploaded = useOperatorUpload(upload, (log, name) => setOpen(openLog(log, name)));
  return (
    <IntlProvider
      locale={FORMAT_LOCALE[locale]}
      formats={intlFormats(FORMAT_LOCALE[locale])}
      defaultLocale={DEFAULT_LOCALE}
      messages={messages}
    >
      <div className="replay" lang={INTL_LOCALE[locale]}>
        <header className="replay-header">
          <h1>
            <FormattedMessage id="replay.title" />
          </h1>
          <label>
            <FormattedMessage id="language.label" />{' '}
            <select
              className="input replay-header__language"
              value={locale}
              onChange={(event) => setLocale(event.target.value as Locale)}
            >
              {LOCALES.map((option) => (
                <option key={option} value={option} lang={INTL_LOCALE[option]}>
                  {LANGUAGES[option].name}
                </option>
              ))}
            </select>
          </label>
        </header>
        <LogFilePicker onOpen={(log, name) => setOpen(openLog(log, name))} />
        {upload ? <UploadStatus reference={upload} {...uploaded} /> : null}
        {loadError && (
          <p role="alert">
            <FormattedMessage id="replay.error" values={{ reason: loadError }} />
          </p>
        )}
        {open && (
          <>
            <p className="replay-file">
              <FormattedMessage
                id="replay.fileSummary"
                values={{ name: open.name, app: open.log.app, count: open.log.actions.length }}
              />
            </p>
            <SessionHeader index={open.index} device={device ?? null} />
            <Replay key={open.serial} open={open} serverEvents={serverEvents} />
          </>
        )}
      </div>
    </IntlProvider>
  );
}
