// Runs before `npm test`: the browser suite needs Debian's Chromium and a Khmer font.
// As root on Debian it installs them; anywhere else it says how, and fails.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const KHMER_FONT_DIR = '/usr/share/fonts/truetype/khmeros';
const INSTALL = 'apt-get install -y chromium fonts-khmeros';

if (existsSync(CHROMIUM_PATH) && existsSync(KHMER_FONT_DIR)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !existsSync('/usr/bin/apt-get')) {
  console.error(`Chromium or the Khmer fonts are missing. Install them with: sudo ${INSTALL}`);
  process.exit(1);
}
console.log(`Installing Chromium and Khmer fonts (${INSTALL}) ...`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
try {
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-khmeros'], {
    stdio: 'inherit',
    env,
  });
} catch {
  console.error(`Installing Chromium failed. Install it with: ${INSTALL}`);
  process.exit(1);
}
