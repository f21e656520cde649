// Which sources the first load of /login is made of: every byte of the built `main` and
// `view-login` scripts is credited, through their source maps, to the file (or npm package) it
// came from, and each file's bytes are gzipped on their own. Separately gzipped parts add up to
// more than the whole; the order and the rough share are what to read.
//
//   npm run build && node --import tsx scripts/bundle-parts.ts [dist] [rows]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

const dir = process.argv[2] ?? 'dist';
const rows = Number(process.argv[3] ?? 40);
const FIRST_LOAD = /^(main|view-login)\.[0-9a-f]+\.js$/;

/** `webpack://accounts-app/./node_modules/@scope/name/x.js` -> `npm:@scope/name`. */
function owner(source: string | null): string {
  const file = (source ?? '(no source)').replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  const npm = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(file);
  return npm ? `npm:${npm[1]}` : file;
}

const parts = new Map<string, string[]>();
for (const file of fs.readdirSync(dir).filter((name) => FIRST_LOAD.test(name))) {
  const code = fs.readFileSync(path.join(dir, file), 'utf8');
  const map = JSON.parse(fs.readFileSync(path.join(dir, `${file}.map`), 'utf8')) as RawSourceMap;
  const lineStarts = [0];
  for (let at = code.indexOf('\n'); at !== -1; at = code.indexOf('\n', at + 1)) {
    lineStarts.push(at + 1);
  }
  const starts: { at: number; source: string }[] = [];
  new SourceMapConsumer(map).eachMapping((mapping) => {
    starts.push({
      at: lineStarts[mapping.generatedLine - 1]! + mapping.generatedColumn,
      source: owner(mapping.source),
    });
  });
  starts.sort((a, b) => a.at - b.at);
  starts.forEach(({ at, source }, index) => {
    const end = starts[index + 1]?.at ?? code.length;
    let pieces = parts.get(source);
    if (!pieces) parts.set(source, (pieces = []));
    pieces.push(code.slice(at, end));
  });
}

const sized = [...parts].map(([source, pieces]) => {
  const text = pieces.join('');
  return { source, bytes: text.length, gzip: zlib.gzipSync(text, { level: 9 }).length };
});
sized.sort((a, b) => b.gzip - a.gzip);
const own = sized.filter((part) => !part.source.startsWith('npm:'));
const sum = (list: typeof sized) => list.reduce((total, part) => total + part.gzip, 0);
console.log(`gzip, each part alone: all ${sum(sized)} B, the app's own files ${sum(own)} B`);
for (const part of sized.slice(0, rows)) {
  console.log(`${String(part.gzip).padStart(7)} ${String(part.bytes).padStart(8)}  ${part.source}`);
}
