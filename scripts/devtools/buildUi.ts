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

function compile(outputPath: string): Promise<void> {
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
    plugins: [new HtmlWebpackPlugin({ template: path.join(__dirname, 'page.html') })],
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

/** The folder holding the built page (index.html and its script). */
export async function builtUi(): Promise<string> {
  const outputPath = path.join(ROOT, 'node_modules/.cache/redux-devtools-ui', inputsHash());
  if (!fs.existsSync(path.join(outputPath, 'index.html'))) await compile(outputPath);
  return outputPath;
}
