// Bundles the DevTools page once (into node_modules/.cache) with the project's own webpack, so
// `npm run devtools` serves it with nothing fetched from outside. Rebuilt when its inputs change.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';

const ROOT = path.resolve(__dirname, '../..');
const INPUTS = [
  path.join(__dirname, 'ui.tsx'),
  path.join(__dirname, 'page.html'),
  path.join(__dirname, 'buildUi.ts'),
  path.join(ROOT, 'package-lock.json'),
];

function inputsHash(): string {
  const hash = crypto.createHash('sha256');
  for (const file of INPUTS) hash.update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** Says what is happening, a line at a time (the first build takes about half a minute). */
export type Report = (line: string) => void;

/**
 * webpack's progress, as one line per tenth of the way (its stage in words: "building",
 * "sealing", "emitting"...), so a long first build is never silent and never floods the terminal.
 */
export function progressLines(report: Report): (fraction: number, stage: string) => void {
  let lastTenth = -1;
  return (fraction, stage) => {
    const tenth = Math.floor(fraction * 10);
    if (tenth <= lastTenth) return;
    lastTenth = tenth;
    report(`  ${String(tenth * 10).padStart(3)} % ${stage}`);
  };
}

function compile(outputPath: string, report: Report): Promise<void> {
  const compiler = webpack({
    mode: 'production',
    context: ROOT,
    entry: path.join(__dirname, 'ui.tsx'),
    output: { path: outputPath, filename: 'devtools.[contenthash:8].js', clean: true },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          loader: 'ts-loader',
          exclude: /node_modules/,
          options: { transpileOnly: true },
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: path.join(__dirname, 'page.html') }),
      new webpack.ProgressPlugin(progressLines(report)),
    ],
    performance: { hints: false },
  });
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
      else resolve();
    });
  });
}

/** The folder holding the built page (index.html and its script), built first if need be. */
export async function builtUi(report: Report = () => undefined): Promise<string> {
  const outputPath = path.join(ROOT, 'node_modules/.cache/redux-devtools-ui', inputsHash());
  if (!fs.existsSync(path.join(outputPath, 'index.html'))) {
    const started = Date.now();
    report(
      `Building the Redux DevTools page with webpack (once: after an install or an upgrade, ` +
        `about 30 s), into ${path.relative(ROOT, outputPath)}`,
    );
    await compile(outputPath, report);
    report(`Built the Redux DevTools page in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return outputPath;
}
