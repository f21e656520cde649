// `npm run replay -- FILE --emit-test`: a Jest test file, printed on standard output, that turns a
// recorded session into a regression test. It folds the log through the app's root reducer,
// checks every state hash against the recording and renders the view of the last state, so a
// change to a reducer or a view that alters what the visitor saw fails it. Saved under
// __tests__/timeTravel/ (the app suite), its imports resolve as printed.
import { selectScreen } from '../../store/navigation/screenSelectors';
import type { RootState } from '../../store/rootReducer';

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

export function emitTest(options: {
  name: string;
  text: string;
  actions: number;
  view: string | null;
}): string {
  const { name, text, actions, view } = options;
  // Nothing of the log goes into a comment or a template: a line break there would end it.
  const lines = [
    '// A recorded session as a regression test, printed by `npm run replay -- FILE --emit-test`.',
    '// The log is the file as exported (secrets redacted, names and addresses masked), held as',
    '// data in a string literal and read with decodeLog.',
    "import { render, screen } from '@testing-library/react';",
    '',
    "import { decodeLog } from '../../contract/action-log';",
    "import { App } from '../../src/app/App';",
    "import { viewOnlyStore } from '../../src/replay/viewOnlyStore';",
    "import { replayStates } from '../../store/actionLog/foldLog';",
    "import { stateHash } from '../../store/actionLog/stateHash';",
    '',
    `const LOG = ${literal(text)};`,
    '',
    `test(${literal(`${name}: every recorded state and the last view come back`)}, async () => {`,
    '  const log = decodeLog(LOG);',
    `  expect(log.actions).toHaveLength(${actions});`,
    '  const states = [...replayStates(log)];',
    '  states.forEach((state, index) => {',
    '    const hash = stateHash(state);',
    '    if (hash !== log.stateHashes[index]) {',
    "      throw new Error('action ' + index + ' (' + log.actions[index]!.type + ') gives state ' + hash + ', recorded ' + log.stateHashes[index]);",
    '    }',
    '  });',
    '  render(<App store={viewOnlyStore(states.at(-1)!)} />);',
    view === null
      ? "  expect(document.querySelector('[data-view]')).toBeNull();"
      : `  expect(await screen.findByText((_text, element) => element?.getAttribute('data-view') === ${literal(view)})).toBeInTheDocument();`,
    '});',
    '',
  ];
  return lines.join('\n');
}
