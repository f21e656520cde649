import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The rows of a fixed-height list that are in view, plus a margin: a 10,000-step log renders a
 * few dozen rows. Written here rather than taken from a windowing library: one list, one row
 * height, no measuring, about thirty lines.
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
    const onScroll = () => setScrollTop(element.scrollTop);
    element.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      element.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', measure);
    };
  }, [rowHeight]);

  // A shorter list (a search) clamps the scroll position before the browser says so.
  const top = Math.min(scrollTop, Math.max(0, count * rowHeight - height));
  const first = Math.max(0, Math.floor(top / rowHeight) - margin);
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

  return { ref, first, last, totalHeight: count * rowHeight, reveal };
}
