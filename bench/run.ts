// `npm run bench -- [section...]`: the named sections (all by default) side by side in one run,
// one table, bench/results/latest.json.
// The whole endpoint table, handed in first, as the server's app does.
import '../testing/server/endpoints';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { benchAbuse } from './sections/abuse';
import { benchBundle } from './sections/bundle';
import { benchCarrierNat } from './sections/carrierNat';
import { benchFunnel } from './sections/funnel';
import { benchLighthouse } from './sections/lighthouse';
import { benchLoad } from './sections/load';
import { benchNavigation } from './sections/navigation';
import { benchOidc } from './sections/oidc';
import { benchPeer } from './sections/peer';
import { benchReplay } from './sections/replay';
import { benchReplayPage } from './sections/replayPage';
import { benchScale } from './sections/scale';
import { benchServer } from './sections/server';
import { benchSlowNetwork } from './sections/slowNetwork';
import { benchStart } from './sections/start';
import { benchTiming } from './sections/timing';
import { formatTable, type Row } from './table';

const SECTIONS: Record<string, () => Promise<Row[]>> = {
  bundle: benchBundle,
  navigation: benchNavigation,
  slowNetwork: benchSlowNetwork,
  server: benchServer,
  replay: benchReplay,
  replayPage: benchReplayPage,
  funnel: benchFunnel,
  start: benchStart,
  abuse: benchAbuse,
  load: benchLoad,
  timing: benchTiming,
  providers: benchOidc,
  lighthouse: benchLighthouse,
};

/** Slow sections, run only when named. */
const ON_REQUEST: Record<string, () => Promise<Row[]>> = {
  scale: benchScale,
  peer: benchPeer,
  carrierNat: () => benchCarrierNat(),
};

function chosenSections(args: string[]): string[] {
  const unknown = args.filter((name) => !(name in SECTIONS) && !(name in ON_REQUEST));
  if (unknown.length > 0) {
    const known = [...Object.keys(SECTIONS), ...Object.keys(ON_REQUEST)].join(', ');
    throw new Error(`unknown section ${unknown.join(', ')}; the sections are ${known}`);
  }
  return args.length > 0 ? args : Object.keys(SECTIONS);
}

async function main(args: string[]) {
  let names: string[];
  try {
    names = chosenSections(args);
  } catch (error) {
    process.stderr.write(`bench: ${(error as Error).message}\n`);
    process.exitCode = 2;
    return;
  }
  // Every figure depends on the runtime: the table says which one measured it.
  const rows: Row[] = [
    { section: 'runtime', figure: 'Node', value: process.version },
    { section: 'runtime', figure: 'cores', value: String(os.availableParallelism()) },
  ];
  for (const name of names) {
    process.stderr.write(`bench: ${name}...\n`);
    try {
      rows.push(...(await (SECTIONS[name] ?? ON_REQUEST[name])!()));
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
      rows.push({ section: name, figure: 'not available', value: reason || 'unknown error' });
    }
  }
  console.log(formatTable(rows));
  const out = path.join(__dirname, 'results', 'latest.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, rows }, null, 2)}\n`,
  );
  console.log(`\nwritten to ${path.relative(process.cwd(), out)}`);
}

void main(process.argv.slice(2));
