/**
 * @jest-environment node
 */
// A syntax error in a TypeScript file is reported once, in TypeScript's words, with no
// "You may need an additional loader" beside it; the build still fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import webpack from 'webpack';

import { REPO_ROOT } from '../../../testing/processes';
import { OneSyntaxErrorPlugin } from '../oneSyntaxError';

jest.setTimeout(60_000);

function build(plugins: webpack.WebpackPluginInstance[]) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'syntax-error-'));
  fs.writeFileSync(
    path.join(folder, 'view.tsx'),
    'export function View() {\n  const text = ;\n  return text;\n}\n',
  );
  const compiler = webpack({
    mode: 'development',
    context: folder,
    entry: './view.tsx',
    output: { path: path.join(folder, 'out') },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          loader: require.resolve('ts-loader'),
          options: { transpileOnly: true, configFile: path.join(REPO_ROOT, 'tsconfig.json') },
        },
      ],
    },
    plugins,
  });
  return new Promise<webpack.StatsError[]>((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => fs.rmSync(folder, { recursive: true, force: true }));
      if (error || !stats) reject(error ?? new Error('no stats'));
      else resolve(stats.toJson({ all: false, errors: true }).errors ?? []);
    });
  });
}

it('reports a syntax error once, as TypeScript says it', async () => {
  const errors = await build([new OneSyntaxErrorPlugin()]);
  expect(errors).toHaveLength(1);
  expect(errors[0]!.message).toMatch(/TS1109: Expression expected/);
  expect(JSON.stringify(errors)).not.toMatch(/Module parse failed|additional loader/);
});

it('without it, webpack echoes the error with a hint about loaders', async () => {
  const errors = await build([]);
  expect(errors).toHaveLength(2);
  expect(JSON.stringify(errors)).toMatch(/You may need an additional loader/);
});
