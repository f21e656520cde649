import type { WaitPhase } from '../../store/navigationSlice';
import { useT } from '../../ui/intl/useT';

/** A thin bar once the wait passes 300 ms; past 5 s, words saying the server is slow. */
export function WaitIndicator({ wait }: { wait: WaitPhase | null }) {
  const t = useT();
  if (wait === null || wait === 'brief') return null;
  return (
    <>
      <div className="wait-bar" role="progressbar" aria-label={t('wait.progress')}>
        <span className="wait-bar__fill" />
      </div>
      {wait === 'veryLong' ? (
        <p className="wait-slow" role="status">
          {t('wait.slow')}
        </p>
      ) : null}
    </>
  );
}
