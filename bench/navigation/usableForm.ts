// Evaluated in the page from its first byte: the page's own time (performance.now(), from
// navigation start) of the first painted frame in which the /login form takes input.

declare global {
  interface Window {
    __usableFormAt?: number;
  }
}

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
        channel.port1.onmessage = () => (window.__usableFormAt = performance.now());
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
  };
  watch();
}`;
