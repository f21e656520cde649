// Draws public/favicon.png (48 x 48) from public/favicon.svg in Chromium, and the web manifest's
// icons: icon-192.png, icon-512.png, and icon-maskable-512.png (the mark in the middle 60 %, on a
// square of its colour, for launchers that cut their own shape). The page carries the favicon
// inline: a linked icon is fetched again on every navigation between views, and an SVG one is
// decoded as a document of its own each time, on the main thread.
//
//   node --import tsx scripts/favicon.ts
import fs from 'node:fs';
import path from 'node:path';

import { launchChromium } from '../testing/browser/chromium';

const publicDir = path.join(__dirname, '..', 'public');

/** The mark alone, a little smaller, on a full square: the safe zone of a maskable icon. */
function maskable(svg: string): string {
  return svg
    .replace(
      /<rect [^>]*\/>/,
      '<rect width="64" height="64" fill="#2f4fd6"/><g transform="translate(12.8 12.8) scale(0.6)">',
    )
    .replace('</svg>', '</g></svg>');
}

async function main() {
  const svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
  const browser = await launchChromium();
  try {
    const drawings: Array<[string, number, string]> = [
      ['favicon.png', 48, svg],
      ['icon-192.png', 192, svg],
      ['icon-512.png', 512, svg],
      ['icon-maskable-512.png', 512, maskable(svg)],
    ];
    for (const [file, size, source] of drawings) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${source}`,
      );
      const png = await page.screenshot({ omitBackground: true, type: 'png' });
      fs.writeFileSync(path.join(publicDir, file), png);
      console.log(`public/${file}: ${png.length} bytes`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

void main();
