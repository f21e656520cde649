import { useEffect, useState } from 'react';

/**
 * Whole seconds left of a `durationMs` period that started at `startedAt` (ms), ticking down
 * on screen; 0 when there is no period or it is over.
 */
export function useCountdown(startedAt: number | null, durationMs: number): number {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (startedAt === null) return;
    const endsAt = startedAt + durationMs;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) clearInterval(timer);
    };
    const timer = setInterval(tick, 250);
    const first = setTimeout(tick, 0);
    return () => {
      clearInterval(timer);
      clearTimeout(first);
    };
  }, [startedAt, durationMs]);
  if (startedAt === null) return 0;
  // Until the first tick, the period has only just started.
  const elapsed = Math.max((now ?? startedAt) - startedAt, 0);
  return Math.max(Math.ceil((durationMs - elapsed) / 1000), 0);
}
