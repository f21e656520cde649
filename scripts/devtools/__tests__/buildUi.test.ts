// `npm run devtools` builds its page on the first run (about half a minute): it says what it is
// building, how far it is and when it is done, instead of staying silent.
import fs from 'node:fs';

import { builtUi, progressLines } from '../buildUi';

jest.mock('webpack', () => {
  const webpack = () => ({
    run: (done: (error: null, stats: { hasErrors(): boolean }) => void) =>
      done(null, { hasErrors: () => false }),
    close: (done: () => void) => done(),
  });
  return { __esModule: true, default: Object.assign(webpack, { ProgressPlugin: class {} }) };
});
jest.mock('html-webpack-plugin', () => ({ __esModule: true, default: class {} }));

it('says what it builds, and that it is built, when the page is not in the cache', async () => {
  jest.spyOn(fs, 'existsSync').mockReturnValue(false);
  const lines: string[] = [];
  await builtUi((line) => lines.push(line));
  expect(lines).toEqual([
    expect.stringMatching(
      /^Building the Redux DevTools page with webpack \(once: .*about 30 s\), into node_modules\/\.cache\/redux-devtools-ui\//,
    ),
    expect.stringMatching(/^Built the Redux DevTools page in \d+\.\d s$/),
  ]);
});

it('says nothing when the page is already built', async () => {
  jest.spyOn(fs, 'existsSync').mockReturnValue(true);
  const lines: string[] = [];
  await builtUi((line) => lines.push(line));
  expect(lines).toEqual([]);
});

it("reports webpack's progress once per tenth, in its own words", () => {
  const lines: string[] = [];
  const progress = progressLines((line) => lines.push(line));
  for (const [fraction, stage] of [
    [0, 'compiling'],
    [0.01, 'building'],
    [0.05, 'building'],
    [0.12, 'building'],
    [0.7, 'sealing'],
    [0.72, 'sealing'],
    [0.95, 'emitting'],
    [1, 'done'],
  ] as const) {
    progress(fraction, stage);
  }
  expect(lines).toEqual([
    '    0 % compiling',
    '   10 % building',
    '   70 % sealing',
    '   90 % emitting',
    '  100 % done',
  ]);
});
