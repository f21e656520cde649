import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * The rows of a fixed-height list that are in view, plus a margin: a 10,000-step log renders a
 * few dozen rows, and a spacer (the list's full height) keeps the scroll bar true.
 *
 * Written here rather than taken from a windowing library: this is a single list of fixed-height
 * rows, so the window is two divisions, with nothing to measure per row and nothing to cache;
 * a dependency would bring more code than it replaces.
 */
export function useWindowedRows(count: number, rowHeight: number, margin = 10) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(rowHeight * 20);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setHeight(element.clientHeight || rowHeight * 20);
    measure();
    // Scroll events come once a frame, before it is painted: rendering the new rows at once means
    // that frame shows them, where a scheduled render would show an empty stretch first.
    const onScroll = () => flushSync(() => setScrollTop(element.scrollTop));
    element.addEventListener('scroll', onScroll, { passive: true });
    // The viewport's height follows the window's (it is sized in vh on a desktop).
    window.addEventListener('resize', measure);
    return () => {
      element.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', measure);
    };
  }, [rowHeight]);

  // A shorter list (a search) clamps the scroll position before the browser says so.
  const top = Math.min(scrollTop, Math.max(0, count * rowHeight - height));
  const firstInView = Math.min(Math.max(0, count - 1), Math.floor(top / rowHeight));
  const first = Math.max(0, firstInView - margin);
  const last = Math.min(count, Math.ceil((top + height) / rowHeight) + margin);

  /** Scrolls just enough for row `index` to be in view. */
  const reveal = useCallback(
    (index: number) => {
      const element = ref.current;
      // Nothing to scroll before layout (or where there is none, as in jsdom).
      if (!element || index < 0 || element.clientHeight === 0) return;
      const top = index * rowHeight;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (top + rowHeight > element.scrollTop + element.clientHeight) {
        element.scrollTop = top + rowHeight - element.clientHeight;
      }
      setScrollTop(element.scrollTop);
    },
    [rowHeight],
  );

  return { ref, first, last, firstInView, totalHeight: count * rowHeight, reveal };
}
