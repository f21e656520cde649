import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';

import { gzip as zopfliGzip } from '@gfx/zopfli';
import ReactRefreshPlugin from '@pmmmwh/react-refresh-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MomentTimezoneDataPlugin from 'moment-timezone-data-webpack-plugin';
import reactRefreshTransformer from 'react-refresh-typescript';
import webpack from 'webpack';
import 'webpack-dev-server';

import { DEFAULT_LOCALE, LANGUAGES, LOCALES } from './contract/languages';
import { OneSyntaxErrorPlugin } from './scripts/webpack/oneSyntaxError';
import { SESSION_TIME_ZONE } from './store/constants';

// Text assets also ship as .br and .gz beside the original; the server picks one per request.
// The .gz files are Zopfli's: plain gzip that every client reads, a few per cent smaller than
// zlib's level 9, paid for once at build time.
const PRECOMPRESSED = /\.(js|css|html|svg|json)$/;

function precompression() {
  const common = { test: PRECOMPRESSED, threshold: 1024, minRatio: 0.9 };
  return [
    new CompressionPlugin({
      ...common,
      algorithm: (input, _options, done) =>
        zopfliGzip(input, { numiterations: 15 }, (error, output) =>
          done(error, error ? Buffer.alloc(0) : Buffer.from(output)),
        ),
      filename: '[path][base].gz',
    }),
    new CompressionPlugin<zlib.BrotliOptions>({
      ...common,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
  ];
}

/** react-router's production build, of the copy react-router-dom imports. */
function reactRouterProduction() {
  const fromRouterDom = createRequire(require.resolve('react-router-dom'));
  // …/react-router/dist/development/index.js: its production build is beside it.
  const builds = path.dirname(path.dirname(fromRouterDom.resolve('react-router')));
  return {
    'react-router$': path.join(builds, 'production', 'index.mjs'),
    'react-router/dom$': path.join(builds, 'production', 'dom-export.mjs'),
  };
}

const API_DEV_TARGET = process.env.API_DEV_TARGET ?? 'http://localhost:8081';
/**
 * The origin of API_BASE_URL when it is another one: the page names it, and the server that
 * serves the build lets the page connect to it (its Content-Security-Policy's connect-src).
 */
function apiOriginOf(base: string | undefined): string | undefined {
  try {
    return base ? new URL(base).origin : undefined;
  } catch {
    return undefined;
  }
}
const API_ORIGIN = apiOriginOf(process.env.API_BASE_URL);
const PAGE_META: Record<string, string> = API_ORIGIN ? { 'api-origin': API_ORIGIN } : {};

/** The product's name in the header and the title (the server reads its own APP_NAME). */
const APP_NAME = process.env.APP_NAME?.trim() || 'Accounts';
/** The bar of the installed app and the browser's on phones: the product's primary colour. */
const THEME_COLOR = '#2f4fd6';
const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
/** The loading card's words, in every language, said before the script runs (public/index.html). */
const LOADING_TEXT = LOCALES.map((locale) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pack = (require(`./i18n/messages/${locale}`) as Record<string, Record<string, string>>)[
    locale
  ]!;
  const text = escapeHtml(pack['wait.loading']!);
  return locale === DEFAULT_LOCALE ? text : `<span lang="${LANGUAGES[locale].intl}">${text}</span>`;
}).join(' ');

/**
 * `manifest.webmanifest`, which makes the app installable: its name, start, colours and icons
 * (drawn by scripts/favicon.ts), the icons under content-hashed names like every other asset.
 */
class WebManifestPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('WebManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'WebManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const icons = [
            ['icon-192.png', '192x192', 'any'],
            ['icon-512.png', '512x512', 'any'],
            ['icon-maskable-512.png', '512x512', 'maskable'],
          ].map(([file, sizes, purpose]) => {
            const bytes = fs.readFileSync(path.join(__dirname, 'public', file!));
            const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
            const name = `assets/${file!.replace(/\.png$/, `.${hash}.png`)}`;
            compilation.emitAsset(name, new webpack.sources.RawSource(bytes));
            return { src: `/${name}`, sizes, type: 'image/png', purpose };
          });
          const manifest = {
            name: APP_NAME,
            short_name: APP_NAME,
            start_url: '/',
            scope: '/',
            display: 'standalone',
            background_color: '#ffffff',
            theme_color: THEME_COLOR,
            icons,
          };
          compilation.emitAsset(
            'manifest.webmanifest',
            new webpack.sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`),
          );
        },
      );
    });
  }
}

export default (_env: unknown, argv: { mode?: 'production' | 'development' }) => {
  const production = argv.mode !== 'development';
  const config: webpack.Configuration = {
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    entry: { main: './src/main.tsx', replay: './src/replay/main.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      publicPath: '/',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // Messages arrive parsed (scripts/webpack/messagesToAst.cjs): no parser in the bundle.
      alias: {
        '@formatjs/icu-messageformat-parser$': '@formatjs/icu-messageformat-parser/no-parser.js',
        // react-router's package exports only its development build (warnings and checks for
        // the developer); production builds take the production one it ships beside it.
        ...(production ? reactRouterProduction() : {}),
      },
    },
    module: {
      rules: [
        {
          // The message packs as ICU ASTs (the pack itself is read through `?source`): those of
          // i18n/messages/, and a feature's `*.messages.ts`.
          test: /(?:[\\/]i18n[\\/]messages[\\/][^\\/]+|\.messages)\.ts$/,
          resourceQuery: { not: [/source/] },
          loader: path.resolve(__dirname, 'scripts/webpack/messagesToAst.cjs'),
        },
        ...(production
          ? [
              {
                test: /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/,
                loader: path.resolve(__dirname, 'scripts/webpack/pureComponents.cjs'),
              },
            ]
          : []),
        {
          test: /\.tsx?$/,
          loader: 'ts-loader',
          exclude: /node_modules/,
          options: {
            transpileOnly: true,
            compilerOptions: { sourceMap: true },
            // Fast Refresh: components keep their state across edits (development only).
            getCustomTransformers: () => ({
              before: production ? [] : [reactRefreshTransformer()],
            }),
          },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        // The favicon is inlined into the page (public/index.html says why).
        { test: /[\\/]public[\\/]favicon\.png$/, type: 'asset/inline' },
        {
          test: /\.(woff2?|ttf|svg|png)$/,
          exclude: /[\\/]public[\\/]favicon\.png$/,
          type: 'asset/resource',
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: './public/index.html',
        // The template places the tags itself, before the favicon.
        inject: false,
        chunks: ['main'],
        templateParameters: {
          appName: APP_NAME,
          themeColor: THEME_COLOR,
          loadingText: LOADING_TEXT,
        },
        meta: PAGE_META,
      }),
      new HtmlWebpackPlugin({
        template: './public/index.html',
        inject: false,
        chunks: ['replay'],
        filename: 'replay.html',
        templateParameters: {
          appName: APP_NAME,
          themeColor: THEME_COLOR,
          loadingText: LOADING_TEXT,
        },
        meta: PAGE_META,
      }),
      new WebManifestPlugin(),
      // A TypeScript syntax error is reported once, in TypeScript's words.
      new OneSyntaxErrorPlugin(),
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:8].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      }),
      new webpack.DefinePlugin({
        'process.env.API_BASE_URL': JSON.stringify(process.env.API_BASE_URL ?? ''),
        'process.env.ACTION_LOG_MASKING': JSON.stringify(process.env.ACTION_LOG_MASKING ?? ''),
        'process.env.SUPPORT_CONTACT': JSON.stringify(process.env.SUPPORT_CONTACT ?? ''),
        'process.env.APP_NAME': JSON.stringify(APP_NAME),
        // The contract's schemas leave out what only the API reference reads (contract/schemas.ts).
        'process.env.APP_BUNDLE': JSON.stringify('true'),
        'process.env.ENABLE_REDUX_DEVTOOLS': JSON.stringify(
          process.env.ENABLE_REDUX_DEVTOOLS ?? '',
        ),
        // host:port of a remote Redux DevTools server; development builds only.
        'process.env.REMOTE_DEVTOOLS': JSON.stringify(
          production ? '' : (process.env.REMOTE_DEVTOOLS ?? ''),
        ),
      }),
      ...(production ? precompression() : [new ReactRefreshPlugin({ overlay: false })]),
      // moment-timezone carries only the session time zone, and moment none of its locales.
      new MomentTimezoneDataPlugin({ matchZones: [SESSION_TIME_ZONE] }),
      new webpack.IgnorePlugin({ resourceRegExp: /^\.\/locale$/, contextRegExp: /moment$/ }),
    ],
    optimization: {
      minimizer: ['...', new CssMinimizerPlugin()],
      splitChunks: { chunks: 'async' },
      // In production, the shortest export names and module ids, the most used first: every
      // reference between modules is shorter. Ids follow the modules' use, so a release that adds
      // modules renames more of them than hashed ids would, and more chunks change their file
      // name. Development keeps webpack's named ids: Fast Refresh swaps a module by its id, and
      // ids that follow use shift under an edit.
      ...(production ? { mangleExports: 'size' as const, moduleIds: 'size' as const } : {}),
      // A build with an error emits nothing, so the page keeps running the last good one and its
      // fix arrives as a hot update that keeps the page's state, not as a reload.
      emitOnErrors: false,
    },
    performance: { hints: false },
    devServer: {
      historyApiFallback: true,
      hot: true,
      // This machine only, unless asked: the proxy reaches the dev API's outbox, with live codes.
      host: process.env.DEV_HOST ?? 'localhost',
      port: Number(process.env.DEV_PORT ?? 8080),
      proxy: [{ context: ['/v1', '/healthz', '/livez', '/readyz'], target: API_DEV_TARGET }],
    },
  };
  return config;
};
