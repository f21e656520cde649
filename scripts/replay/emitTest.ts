// `npm run replay -- FILE --emit-test`: a Jest test file, printed on standard output, that turns a
// recorded session into a regression test a developer keeps. It folds the log through the app's
// root reducer and compares, step by step, the fields of the state each step touched (in the
// step's words when one differs), then renders the view of the last state. It holds no identifier
// or device string (placeholders instead) and is printed as prettier formats it. Saved under
// __tests__/timeTravel/ (the app suite), its imports resolve as printed.
import path from 'node:path';

import * as prettier from 'prettier';

import { actionLogText, type ActionLogFile, type DecodedLog } from '../../contract/action-log';
import { allStates } from '../../src/replay/foldLog';
import { touchedSteps } from '../../src/replay/touchedFields';
import { createMasker } from '../../store/actionLog/mask';
import { stateHash } from '../../store/actionLog/stateHash';
import type { RootState } from '../../store/rootReducer';
import { selectScreen } from '../../store/screenSelectors';

/** Where the docs say to keep it: its formatting and lint rules are that folder's. */
const KEPT_AS = path.join(__dirname, '../../__tests__/timeTravel/kept.replay.test.tsx');

/** The view the app shows for a state, as its `data-view` names it; null for a card. */
export function finalView(state: RootState): string | null {
  const screen = selectScreen(state);
  return screen.kind === 'view' ? screen.route : null;
}

/**
 * A JavaScript string literal of any text: JSON's, with the two line separators JSON leaves raw
 * escaped too. The only way anything of a log reaches the emitted file.
 */
export function literal(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isRecord(value: unknown): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Which placeholder a value under a key takes, if it is an identifier or a device string. */
function kindOf(key: string): string | null {
  if (/^(requestId|x-request-id)$/i.test(key)) return 'request';
  if (/^(logId|previousLogId|x-log-id)$/i.test(key)) return 'log';
  if (/token/i.test(key)) return 'token';
  if (/user-?agent|device/i.test(key)) return 'device';
  if (/^id$|Id$|_id$/.test(key)) return 'id';
  return null;
}

/**
 * The log with every identifier (ids, request and log ids, tokens), device string and email
 * address replaced by a stable placeholder (the same value, the same placeholder, wherever it
 * appears, also inside a longer string or as a key), names beside addresses masked as exports
 * mask them. The replay's story is unchanged: it depends on which values are equal, not on them.
 */
function withPlaceholders(log: DecodedLog): DecodedLog {
  const masker = createMasker();
  const start = log.preloadedState as Json;
  const actions = log.actions as unknown as Json[];
  masker.learn(start);
  actions.forEach(masker.learn);
  const placeholders = new Map<string, string>();
  const counts = new Map<string, number>();
  const collect = (value: Json) => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (isRecord(value)) {
      for (const [key, item] of Object.entries(value)) {
        const kind = kindOf(key);
        // A redacted or empty value is no identifier.
        if (kind && typeof item === 'string' && item !== '' && !/^\[.*\]$/.test(item)) {
          if (!placeholders.has(item)) {
            const count = (counts.get(kind) ?? 0) + 1;
            counts.set(kind, count);
            placeholders.set(item, `${kind}-${count}`);
          }
        } else collect(item);
      }
    }
  };
  collect(start);
  actions.forEach(collect);
  // Inside longer strings (a URL, a message) only id-like values too long to be a word by chance;
  // longest first, so an id inside a longer one is never replaced before it.
  const known = [...placeholders.keys()]
    .filter((value) => /^[\w.:@%+-]{8,200}$/.test(value))
    .sort((a, b) => b.length - a.length);
  const replaceText = (text: string) => {
    const exact = placeholders.get(text);
    if (exact !== undefined) return exact;
    let result = text;
    for (const value of known) {
      if (result.includes(value)) result = result.split(value).join(placeholders.get(value)!);
    }
    return result;
  };
  const replace = (value: Json): Json => {
    const masked = masker.mask(value);
    if (typeof masked === 'string') return replaceText(masked);
    if (Array.isArray(value)) return value.map(replace);
    if (isRecord(value)) {
      const copy: { [key: string]: Json } = {};
      for (const [key, item] of Object.entries(value)) copy[replaceText(key)] = replace(item);
      return copy;
    }
    return value;
  };
  return {
    ...log,
    preloadedState: replace(start) as DecodedLog['preloadedState'],
    actions: actions.map(replace) as unknown as DecodedLog['actions'],
    logId: undefined,
  };
}

/** A log's file text with its state hashes computed again (they are the log's own check). */
function logText(log: DecodedLog): string {
  const file = JSON.parse(
    actionLogText({
      actionJsons: log.actions.map((action) => JSON.stringify(action)),
      preloadedStateJson: JSON.stringify(log.preloadedState),
      timestamps: log.timestamps,
      stateHashes: allStates(log)
        .slice(1)
        .map((state) => stateHash(state)),
    }),
  ) as ActionLogFile;
  // The version that recorded it, not this one's.
  file.actionLog.app = log.app;
  return JSON.stringify(file);
}

export async function emitTest(options: {
  name: string;
  log: DecodedLog;
  steps: (log: DecodedLog) => string[];
}): Promise<string> {
  const log = withPlaceholders(options.log);
  const touched = touchedSteps(log, options.steps(log));
  const view = finalView(allStates(log).at(-1)!);
  // Nothing of the log goes into a comment or a template: a line break there would end it.
  const source = [
    '// A recorded session as a regression test, printed by `npm run replay -- FILE --emit-test`.',
    '// The log is held as data in a string literal (secrets redacted; names, addresses, ids and',
    '// devices replaced by placeholders); each step is checked on the fields it changed.',
    "import { render, screen } from '@testing-library/react';",
    '',
    "import { decodeLog } from '../../contract/action-log';",
    "import { App } from '../../src/app/App';",
    "import { allStates } from '../../src/replay/foldLog';",
    "import { expectSameSteps, type TouchedStep } from '../../src/replay/touchedFields';",
    "import { viewOnlyStore } from '../../src/replay/viewOnlyStore';",
    '',
    `const LOG = ${literal(logText(log))};`,
    '',
    '/** What each step left in the fields it changed, as recorded. */',
    `const STEPS = ${literal(JSON.stringify(touched))};`,
    '',
    `test(${literal(`${options.name}: every step leaves what it left when recorded, and the last view comes back`)}, async () => {`,
    '  const log = decodeLog(LOG);',
    `  expect(log.actions).toHaveLength(${log.actions.length});`,
    '  expectSameSteps(log, JSON.parse(STEPS) as TouchedStep[]);',
    '  render(<App store={viewOnlyStore(allStates(log).at(-1)!)} />);',
    view === null
      ? "  expect(document.querySelector('[data-view]')).toBeNull();"
      : `  expect(await screen.findByText((_text, element) => element?.getAttribute('data-view') === ${literal(view)})).toBeInTheDocument();`,
    '});',
    '',
  ].join('\n');
  const config = await prettier.resolveConfig(KEPT_AS);
  return prettier.format(source, { ...config, filepath: KEPT_AS });
}
