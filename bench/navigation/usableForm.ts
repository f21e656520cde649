// Evaluated in the page from its first byte: the page's own time (performance.now(), from
// navigation start) of the first painted frame in which the /login form takes input. The page
// also says it on its console (`USABLE_FORM_MESSAGE` and the time), so the bench can wait for it
// without running anything in the page: Playwright's waitForFunction injects its own script
// and polls on every frame, tens of milliseconds of the page's main thread on the slowed CPU,
// in the very moments being measured.

declare global {
  interface Window {
    __usableFormAt?: number;
  }
}

export const USABLE_FORM_MESSAGE = 'usable-form-at';

export const RECORD_USABLE_FORM = `() => {
  const usable = () => {
    const main = document.querySelector('main');
    return main && main.getAttribute('aria-busy') === 'false' &&
      main.querySelector('[data-view="login"] form input[name="email"]');
  };
  const watch = () => {
    const observer = new MutationObserver(() => {
      if (window.__usableFormAt !== undefined || !usable()) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          window.__usableFormAt = performance.now();
          console.debug('${USABLE_FORM_MESSAGE} ' + window.__usableFormAt);
        };
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
  };
  watch();
}`;
