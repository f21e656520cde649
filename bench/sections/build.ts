// Production builds with the app's own webpack configuration, into throwaway folders.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import webpack from 'webpack';

import makeConfig from '../../webpack.config';

export interface Build {
  dir: string;
  /** Files of each named chunk group (an entry, or a chunk named in its import), in dir. */
  groups: Record<string, string[]>;
}

export async function build(entry?: string): Promise<Build> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-build-'));
  const config = makeConfig(undefined, { mode: 'production' });
  config.output = { ...config.output, path: dir };
  config.devtool = false;
  if (entry) config.entry = { main: entry };
  const stats = await new Promise<webpack.Stats>((resolve, reject) =>
    webpack(config, (error, result) => {
      if (error || !result || result.hasErrors()) {
        reject(error ?? new Error(result?.toString('errors-only') ?? 'no build result'));
      } else resolve(result);
    }),
  );
  const named = stats.toJson({ all: false, chunkGroups: true }).namedChunkGroups ?? {};
  const groups = Object.fromEntries(
    Object.entries(named).map(([name, group]) => [
      name,
      (group.assets ?? []).map((asset) => path.join(dir, asset.name)),
    ]),
  );
  return { dir, groups };
}
