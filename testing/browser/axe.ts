// axe-core runs inside the page, on what the visitor sees at that moment.
import fs from 'node:fs';

import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

declare global {
  interface Window {
    axe?: { run(): Promise<{ violations: AxeViolation[] }> };
  }
}

/** One readable line per violation: rule, impact, help and the elements concerned. */
export async function axeViolations(page: Page): Promise<string[]> {
  // The app's CSP refuses inline <script> tags; an evaluation from the driver is not one.
  await page.evaluate((source) => {
    if (window.axe === undefined) (0, eval)(source);
  }, AXE_SOURCE);
  const violations = await page.evaluate(async () => (await window.axe!.run()).violations);
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ` +
      violation.nodes.map((node) => node.target.join(' ')).join(', '),
  );
}
