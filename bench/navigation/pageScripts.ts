// Functions evaluated inside the page. Times are the page's own clock (performance.now()).

export interface NavigationTiming {
  /** Click to the new view in a painted frame. */
  total: number;
  /** Click to the verify request leaving. */
  toRequest: number;
  /** The verify request, as the browser timed it. */
  request: number;
  /** Verify answer to the new view in a painted frame. */
  toPaint: number;
}

/**
 * Clicks the link to `href` and resolves once the target view has been painted: the frame after
 * the DOM change is produced between the animation frame callback and the next task.
 */
export const CLICK_TO_PAINT = `(href) => new Promise((resolve) => {
  const view = href === '/signup' ? 'signup' : 'login';
  const afterPaint = (then) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = then;
    channel.port2.postMessage(null);
  });
  const start = performance.now();
  const done = () => {
    const end = performance.now();
    const verify = performance.getEntriesByType('resource')
      .filter((e) => e.name.endsWith('/v1/api/user/verify') && e.startTime >= start).pop();
    performance.clearResourceTimings();
    resolve({
      total: end - start,
      toRequest: verify ? verify.startTime - start : NaN,
      request: verify ? verify.responseEnd - verify.startTime : NaN,
      toPaint: verify ? end - verify.responseEnd : NaN,
    });
  };
  const observer = new MutationObserver(() => {
    if (document.querySelector('[data-view="' + view + '"]')) {
      observer.disconnect();
      afterPaint(done);
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  document.querySelector('main a[href="' + href + '"]').click();
})`;

/** The verify round trip alone, as the app makes it for a visitor without a session. */
export const VERIFY_ALONE = `() => {
  const start = performance.now();
  return fetch('/v1/api/user/verify', { headers: { 'Content-Type': 'application/json' } })
    .then((a) => a.text()).then(() => performance.now() - start);
}`;
