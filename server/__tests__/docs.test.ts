// The docs stay true: every repository path they name in `code` still exists, so a moved or
// deleted file cannot leave a flow or a rule pointing at nothing.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const TOP = /^(contract|store|src|server|i18n|scripts|testing|bench|docs|__tests__|public|\.ci)\//;

/** The Markdown files a reader is sent to: the README, the server's, and everything in docs/. */
function docs(): string[] {
  const inDocs = fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', 'server/README.md', ...inDocs];
}

/** Folders that commands write (bench results, builds): named in docs, absent from a clone. */
const OUTPUT = fs
  .readFileSync(path.join(ROOT, '.gitignore'), 'utf8')
  .split('\n')
  .filter((line) => line.endsWith('/'));

/** The repository paths a Markdown file names in backticks, without a line or a glob. */
function namedPaths(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const spans = [...text.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!);
  return spans
    .map((span) => span.replace(/[:#].*$/, ''))
    .filter((span) => TOP.test(span) && !/[*{}<>…]/.test(span))
    .filter((span) => !OUTPUT.some((folder) => span.startsWith(folder)));
}

it('names at least the four flows in docs/architecture.md', () => {
  const text = fs.readFileSync(path.join(ROOT, 'docs', 'architecture.md'), 'utf8');
  for (const flow of ['Login', 'A token becomes a header', 'A click becomes a view', 'replay']) {
    expect(text).toContain(flow);
  }
  expect(namedPaths('docs/architecture.md').length).toBeGreaterThan(30);
});

it.each(docs())('%s names only paths that exist', (file) => {
  const missing = namedPaths(file).filter((named) => !fs.existsSync(path.join(ROOT, named)));
  expect(missing).toEqual([]);
});

it.each(docs())('%s links only to files that exist', (file) => {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const targets = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1]!);
  const missing = targets
    .filter((target) => !/^[a-z]+:/.test(target))
    .filter((target) => !fs.existsSync(path.join(ROOT, path.dirname(file), target)));
  expect(missing).toEqual([]);
});
