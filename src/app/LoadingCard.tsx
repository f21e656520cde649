/** The main area before any view has settled: the shape of a card, never an empty area. */
export function LoadingCard({ label }: { label?: string }) {
  return (
    <div className="card loading-card" data-loading="" role="status" aria-label={label}>
      <span className="loading-card__line loading-card__line--title" />
      <span className="loading-card__line" />
      <span className="loading-card__line loading-card__line--short" />
      <span className="loading-card__block" />
    </div>
  );
}

/** The page before its message pack has arrived: the layout's shape, busy, with no words. */
export function LoadingShell() {
  return (
    <div className="app">
      <main className="app-main" aria-busy="true">
        <div className="app-main__view">
          <LoadingCard />
        </div>
      </main>
    </div>
  );
}
