// The flow cards of docs/architecture.md stay true: every file a card lists exists and holds the
// symbol the card reads there, and the counts under each card are the counts of its list. A file
// moved to another folder under the same name is still found, so that a move alone does not fail
// this test before the card is updated; its counts are the card's, as written.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const DOC = path.join(ROOT, 'docs', 'architecture.md');
const SKIP = new Set(['node_modules', 'dist', 'build', 'coverage', '.git', '__tests__']);

interface Step {
  file: string;
  /** Every symbol the reader reads in the file at this step. */
  symbols: string[];
}

interface Counts {
  folders: number;
  reentries: number;
  upward: number;
  restated: number;
}

interface Card {
  title: string;
  steps: Step[];
  restated: string[];
  counts: Counts | null;
  targets: Counts | null;
}

const COUNTS =
  /(\d+) folders? crossed, (\d+) re-entr(?:y|ies), (\d+) upward imports?, (\d+) restated facts?/;

function countsIn(line: string | undefined): Counts | null {
  const match = line?.match(COUNTS);
  if (!match) return null;
  const [folders, reentries, upward, restated] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
  ];
  return { folders, reentries, upward, restated };
}

/** Every `### Card:` section: its table of steps, its restated facts, its counts and targets. */
function cards(text: string): Card[] {
  return text
    .split(/^### Card: /m)
    .slice(1)
    .map((section) => {
      const body = section.split(/^##? /m)[0]!;
      const lines = body.split('\n');
      const steps = lines
        .map((line) => line.match(/^\|\s*\d+\s*\|\s*`([^`]+)`\s*\|([^|]+)\|/))
        .filter((match) => match !== null)
        .map((match) => ({
          file: match[1]!,
          symbols: [...match[2]!.matchAll(/`([^`]+)`/g)].map((symbol) => symbol[1]!),
        }));
      const start = lines.findIndex((line) => line.startsWith('Restated facts:'));
      const end = lines.findIndex((line) => line.startsWith('Counts:'));
      const restated =
        start < 0 ? [] : lines.slice(start + 1, end).filter((line) => line.startsWith('- '));
      return {
        title: lines[0]!.trim(),
        steps,
        restated,
        counts: countsIn(lines.find((line) => line.startsWith('Counts:'))),
        targets: countsIn(
          lines.find((line) => line.startsWith('Targets:'))?.replace(/at most /g, ''),
        ),
      };
    });
}

function allFiles(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) allFiles(full, found);
    else found.push(full);
  }
  return found;
}

let everyFile: string[] | undefined;

/** Where the card's file is: as named, else a file of the same name that holds the symbols. */
function pathOf({ file, symbols }: Step): string | undefined {
  const named = path.join(ROOT, file);
  if (fs.existsSync(named)) return named;
  everyFile ??= allFiles(ROOT);
  return everyFile
    .filter((candidate) => path.basename(candidate) === path.basename(file))
    .find((candidate) => {
      const text = fs.readFileSync(candidate, 'utf8');
      return symbols.every((symbol) => declares(text, symbol));
    });
}

function textOf(step: Step): string | undefined {
  const found = pathOf(step);
  return found && fs.readFileSync(found, 'utf8');
}

/** Whether the text declares the symbol, or defines it as a key or a method. */
function declares(text: string, symbol: string): boolean {
  const name = symbol.replace(/[$]/g, '\\$');
  return new RegExp(
    `(?:function\\*?|const|let|var|class|interface|type|enum)\\s+${name}\\b` +
      `|^\\s*(?:async\\s+)?${name}\\s*(?:\\??:|\\(|<)` +
      `|export\\s*\\{[^}]*\\b${name}\\b`,
    'm',
  ).test(text);
}

// The files of the platform's folders that compose the features, as the lint zones have them.
const ENTRIES = new Set([
  'store/rootReducer.ts',
  'store/store.ts',
  'store/startStore.ts',
  'server/app.ts',
  'server/main.ts',
]);

/** contract < server, store, ui, i18n (the platform) < features < src, scripts and the entries. */
function layerOf(file: string): number {
  const top = file.split('/')[0]!;
  if (ENTRIES.has(file)) return 2;
  // A file at the root (package.json) is the project's, beneath every layer.
  if (!file.includes('/')) return 0;
  if (top === 'contract') return 0;
  if (['server', 'store', 'i18n', 'ui'].includes(top)) return 1;
  if (top === 'features') return 1.5;
  return 2;
}

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/**
 * The repository files a source imports for their values: `import type` (erased at build, as the
 * store's RootState is for the typed hooks) is not a dependency at run time and is left out.
 */
function valueImportsOf(file: string, text: string): string[] {
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]!);
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => {
      const base = path.posix.join(path.posix.dirname(file), specifier);
      const found = EXTENSIONS.map((ext) => base + ext).find((candidate) =>
        fs.statSync(path.join(ROOT, candidate), { throwIfNoEntry: false })?.isFile(),
      );
      return found ?? base;
    });
}

/** The imports of the card's files that climb to a higher layer than the importing file's. */
function upwardImports(card: Card): string[] {
  const files = [...new Set(card.steps.map((step) => step.file))];
  return files.flatMap((file) => {
    const found = pathOf(card.steps.find((step) => step.file === file)!);
    if (!found) return [];
    const relative = path.relative(ROOT, found).split(path.sep).join('/');
    return valueImportsOf(relative, fs.readFileSync(found, 'utf8'))
      .filter((target) => layerOf(target) > layerOf(relative))
      .map((target) => `${relative} -> ${target}`);
  });
}

function countsOf(card: Card): Counts {
  const files = card.steps.map((step) => step.file);
  const folders = new Set(files.map((file) => path.posix.dirname(file))).size;
  const reentries = files.filter(
    (file, i) => i > 0 && file !== files[i - 1] && files.slice(0, i).includes(file),
  ).length;
  return { folders, reentries, upward: upwardImports(card).length, restated: card.restated.length };
}

const CARDS = cards(fs.readFileSync(DOC, 'utf8'));

it('holds the five flows the architecture follows', () => {
  expect(CARDS.map((card) => card.title)).toEqual([
    'login',
    "a mailed link's click",
    'the second step',
    'a passkey sign-in',
    'a recorded action to its replay',
  ]);
});

it('parses a card: steps, facts, counts', () => {
  const [card] = cards(
    [
      '### Card: sample',
      '| 1 | `a/x.ts` | `x`, `z` |',
      '| 2 | `b/y.ts` | `y` |',
      '| 3 | `a/x.ts` | `x` |',
      'Restated facts:',
      '- one',
      'Counts: 2 folders crossed, 1 re-entry, 0 upward imports, 1 restated fact.',
    ].join('\n'),
  );
  expect(card?.steps[0]).toEqual({ file: 'a/x.ts', symbols: ['x', 'z'] });
  expect(card && countsOf(card)).toEqual({ folders: 2, reentries: 1, upward: 0, restated: 1 });
  expect(card?.counts).toEqual(countsOf(card!));
  expect(declares('export function x() {}', 'x')).toBe(true);
  expect(declares('call(x);', 'x')).toBe(false);
});

it('counts the imports that climb a layer, not those of types only', () => {
  const source = [
    "import type { RootState } from '../store';",
    "import { api } from '../apiSlice';",
    "import { LoginForm } from '../../features/login/LoginForm';",
    "const view = import('../../src/app/views');",
  ].join('\n');
  expect(valueImportsOf('store/home/x.ts', source)).toEqual([
    'store/apiSlice.ts',
    'features/login/LoginForm.tsx',
    'src/app/views.ts',
  ]);
  expect(valueImportsOf('store/home/x.ts', source).filter((t) => layerOf(t) > 1)).toHaveLength(2);
});

describe.each(CARDS.map((card) => [card.title, card] as const))(
  'the card of %s',
  (_title, card) => {
    it('lists files that exist, each holding the symbol read there', () => {
      expect(card.steps.length).toBeGreaterThan(5);
      const missing = card.steps
        .filter((step) => {
          const text = textOf(step);
          return text === undefined || !step.symbols.every((symbol) => declares(text, symbol));
        })
        .map((step) => `${step.file}: ${step.symbols.join(', ')}`);
      expect(missing).toEqual([]);
    });

    it("states the counts of its list and of its files' imports", () => {
      expect(upwardImports(card)).toEqual([]);
      expect(card.counts).toEqual(countsOf(card));
    });

    it('names only files that exist among its restated facts', () => {
      const named = card.restated.flatMap((fact) =>
        [...fact.matchAll(/`([a-z_]+\/[^`\s]+\.[a-z]+)`/g)].map((match) => match[1]!),
      );
      expect(named.filter((file) => !textOf({ file, symbols: [] }))).toEqual([]);
    });

    it('states the targets', () => {
      expect(card.targets).toEqual({ folders: 6, reentries: 0, upward: 0, restated: 0 });
    });
  },
);
