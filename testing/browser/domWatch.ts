// Records, from the document's first byte, every view and every guest form ever attached, so a
// test can prove that a view never appeared, not even for one frame.
import type { BrowserContext, Page } from 'playwright-core';

export const GUEST_FORM = 'guest-form';

export interface DomSighting {
  /** A `data-view` value, or `guest-form` for a form with a guest field. */
  what: string;
  path: string;
}

declare global {
  interface Window {
    __domSightings?: DomSighting[];
  }
}

function watchDom() {
  const sightings: DomSighting[] = [];
  window.__domSightings = sightings;
  // A form with a guest field in any view but home (whose own forms ask for a password too).
  const GUEST_FORM_SELECTOR =
    '[data-view]:not([data-view="home"]) form:has(input[name=email], input[name=password], input[name=code])';
  const note = (what: string) => sightings.push({ what, path: location.pathname });
  const inspect = (node: Node) => {
    if (!(node instanceof Element)) return;
    const all = [node, ...Array.from(node.querySelectorAll('[data-view], form'))];
    for (const element of all) {
      const view = element.getAttribute('data-view');
      if (view !== null) note(view);
      if (element.matches(GUEST_FORM_SELECTOR)) note('guest-form');
    }
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') inspect(record.target);
      record.addedNodes.forEach(inspect);
    }
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-view'],
  });
}

export async function installDomWatch(context: BrowserContext): Promise<void> {
  await context.addInitScript(watchDom);
}

/** What the current document has shown so far, in order. */
export function domSightings(page: Page): Promise<DomSighting[]> {
  return page.evaluate(() => window.__domSightings ?? []);
}

/** The views the document has shown, in order, a view kept across renders counted once. */
export async function viewsSeen(page: Page): Promise<string[]> {
  const views = (await domSightings(page))
    .map((sighting) => sighting.what)
    .filter((what) => what !== GUEST_FORM);
  return views.filter((view, index) => view !== views[index - 1]);
}
