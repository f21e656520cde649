// Draws public/favicon.png (48 x 48) from public/favicon.svg in Chromium. The page carries the
// PNG inline: a linked icon is fetched again on every navigation between views, and an SVG one
// is decoded as a document of its own each time, on the main thread.
//
//   node --import tsx scripts/favicon.ts
import fs from 'node:fs';
import path from 'node:path';

import { launchChromium } from '../testing/browser/chromium';

const SIZE = 48;
const publicDir = path.join(__dirname, '..', 'public');

async function main() {
  const svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${SIZE}px;height:${SIZE}px}</style>${svg}`,
    );
    const png = await page.screenshot({ omitBackground: true, type: 'png' });
    fs.writeFileSync(path.join(publicDir, 'favicon.png'), png);
    console.log(`public/favicon.png: ${png.length} bytes`);
  } finally {
    await browser.close();
  }
}

void main();
