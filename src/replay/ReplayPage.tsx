import { useMemo, useState } from 'react';
import { IntlProvider, FormattedMessage, useIntl } from 'react-intl';

import type { DecodedLog } from '../../contract/action-log';
import { intlFormats } from '../../i18n/digits';
import { describeActions, type Step } from '../../store/actionLog/describe';
import { allStates, firstDivergence, type Divergence } from '../../store/actionLog/foldLog';
import {
  DEFAULT_LOCALE,
  FORMAT_LOCALE,
  INTL_LOCALE,
  LOCALES,
  type Locale,
} from '../../store/constants';
import { App } from '../app/App';

import { ActionDetails } from './ActionDetails';
import { LogFilePicker } from './LogFilePicker';
import { ReplayControls } from './ReplayControls';
import { stateDiff } from './stateDiff';
import { StepList } from './StepList';
import { useChromeMessages } from './useChromeMessages';
import { viewOnlyStore } from './viewOnlyStore';

const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', kh: 'ខ្មែរ' };

interface OpenLog {
  /** Tells one opened file from the next, even one with the same name. */
  serial: number;
  log: DecodedLog;
  name: string;
  states: ReturnType<typeof allStates>;
  steps: Step[];
  divergence: Divergence | null;
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
  };
}

/** Position 0 is the state before the first action; position N the state after action N - 1. */
function Replay({ open }: { open: OpenLog }) {
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
  const step = position === 0 ? null : open.steps[position - 1]!;
  const { divergence } = open;
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
      <div className="replay-body">
        <StepList steps={open.steps} current={position - 1} onSelect={(index) => move(index + 1)} />
        <ActionDetails
          step={step}
          action={position === 0 ? null : open.log.actions[position - 1]!}
          time={position === 0 ? null : open.log.timestamps[position - 1]!}
          changes={changes}
        />
        <section className="replay-preview" aria-label={formatMessage({ id: 'replay.preview' })}>
          {/* A new store and tree per position: the view shows that state and nothing else. */}
          <App key={position} store={store} />
        </section>
      </div>
    </>
  );
}

export function ReplayPage({ initialLocale = DEFAULT_LOCALE }: { initialLocale?: Locale }) {
  const [locale, setLocale] = useState<Locale>(initialLocale);
  const [open, setOpen] = useState<OpenLog | null>(null);
  const messages = useChromeMessages(locale);
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
                  {LANGUAGE_NAMES[option]}
                </option>
              ))}
            </select>
          </label>
        </header>
        <LogFilePicker onOpen={(log, name) => setOpen(openLog(log, name))} />
        {open && (
          <>
            <p className="replay-file">
              <FormattedMessage
                id="replay.fileSummary"
                values={{ name: open.name, app: open.log.app, count: open.log.actions.length }}
              />
            </p>
            <Replay key={open.serial} open={open} />
          </>
        )}
      </div>
    </IntlProvider>
  );
}
