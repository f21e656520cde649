// Lighthouse's mobile preset (an emulated mid-range phone on a slow 4G network, simulated
// throttling) on /login and /signup with Debian's Chromium: the four category scores, the audits
// that cost Best Practices and SEO their points, and whether Chromium would install the app (its
// own installability check, which Lighthouse dropped with its PWA category).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { chromium } from 'playwright-core';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../testing/browser/chromium';
import { median, type Row } from '../table';
import { benchServer } from './benchServer';
import { build } from './build';

const PAGES = ['/login', '/signup'];
/** Performance moves from run to run with the machine's load; the median of these is reported. */
const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Report {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { score: number | null; scoreDisplayMode: string; title: string }>;
}

/** Audits that count in a category and did not pass, by id. */
function failing(report: Report, category: string, refs: Record<string, string[]>): string[] {
  return (refs[category] ?? []).filter((id) => {
    const audit = report.audits[id];
    return audit && audit.scoreDisplayMode === 'binary' && audit.score !== null && audit.score < 1;
  });
}

async function lighthouseRuns(url: string): Promise<Report[]> {
  // Both are ES modules; the bench runs as CommonJS under tsx.
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const reports: Report[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      reports.push(result.lhr as unknown as Report);
    }
    return reports;
  } finally {
    chrome.kill();
  }
}

/** Which audit ids count in each category (the same in every report of one Lighthouse). */
async function categoryAudits(): Promise<Record<string, string[]>> {
  const { defaultConfig } = await import('lighthouse');
  const refs: Record<string, string[]> = {};
  for (const [id, category] of Object.entries(defaultConfig.categories ?? {})) {
    refs[id] = category.auditRefs.filter((ref) => (ref.weight ?? 0) > 0).map((ref) => ref.id);
  }
  return refs;
}

/**
 * Chromium's reasons not to offer installing the page; none means installable. A profile of its
 * own: Chromium never offers to install from an incognito context, which a new context is.
 */
async function installabilityErrors(url: string): Promise<string[]> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    return installabilityErrors.map((error) => error.errorId);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

const score = (value: number | null | undefined) =>
  value === null || value === undefined ? 'n/a' : String(Math.round(value * 100));

export async function benchLighthouse(): Promise<Row[]> {
  const { dir: dist } = await build();
  const bench = await benchServer({}, dist);
  const section = 'lighthouse';
  try {
    const refs = await categoryAudits();
    const rows: Row[] = [];
    for (const page of PAGES) {
      const url = bench.server.url + page;
      const reports = await lighthouseRuns(url);
      const scores = (id: string) => reports.map((r) => r.categories[id]?.score ?? NaN);
      // A run under heavy load may give no Performance score (no paint measured): left out.
      const performance = scores('performance').filter(Number.isFinite);
      rows.push({
        section,
        figure: `${page} Performance (median of ${performance.length} runs; min-max)`,
        value: `${score(median(performance))} (${score(Math.min(...performance))}-${score(Math.max(...performance))})`,
      });
      for (const [id, label, target] of [
        ['accessibility', 'Accessibility', 100],
        ['best-practices', 'Best Practices', undefined],
        ['seo', 'SEO', 100],
      ] as const) {
        const value = Math.min(...scores(id));
        const below = failing(reports[0]!, id, refs);
        rows.push({
          section,
          figure: `${page} ${label}`,
          value: score(value) + (below.length > 0 ? ` (fails: ${below.join(', ')})` : ''),
          ...(target === undefined
            ? {}
            : { target: `${target}`, met: Math.round(value * 100) >= target }),
        });
      }
      const bfCache = reports[0]!.audits['bf-cache'];
      rows.push({
        section,
        figure: `${page} back/forward cache`,
        value: bfCache?.score === 1 ? 'restored' : `not restored (${bfCache?.title ?? 'no audit'})`,
      });
      const errors = await installabilityErrors(url);
      rows.push({
        section,
        figure: `${page} installable (Chromium)`,
        value: errors.length === 0 ? 'yes' : `no: ${errors.join(', ')}`,
        target: 'yes',
        met: errors.length === 0,
      });
    }
    return rows;
  } finally {
    await bench.close();
    fs.rmSync(dist, { recursive: true, force: true });
  }
}
