// Compiles the server into build/server.js and its threads (mail, password strength) beside it
// (esbuild), so that it starts without compiling TypeScript on the way; its npm packages stay
// outside, in node_modules.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUILD = path.join(root, 'build', 'server.js');

/** `outfile` (or the command's argument) builds a copy elsewhere, as the deploy test does. */
export async function buildServer(outfile = SERVER_BUILD) {
  const { build } = await import('esbuild');
  await build({
    // The server finds its threads next to itself (server/mail/thread.ts,
    // server/auth/password-strength.ts).
    entryPoints: {
      [path.basename(outfile, '.js')]: path.join(root, 'server', 'main.ts'),
      'mail-thread': path.join(root, 'server', 'mail', 'thread-entry.ts'),
      'strength-thread': path.join(root, 'server', 'auth', 'strength-thread.ts'),
    },
    outdir: path.dirname(outfile),
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : SERVER_BUILD);
  } catch {
    console.error('The server build failed; see the output above.');
    process.exit(1);
  }
}
