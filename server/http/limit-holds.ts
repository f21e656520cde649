// The points this process's requests hold while their check is under way, per counter and key.
// A request that finds a counter spent while some of its points are held waits for one of them to
// come back rather than being refused: right codes and passwords in flight (the visitors behind one
// carrier address) hold points for a moment, and a wrong one keeps its point for good. Without
// this, 200 right codes sent at once from one address had 150 refused by a budget of 50.
// (Only this process's holds are known: with several processes a request may still be refused
// while another process holds points for right answers.)

interface Entry {
  held: number;
  /** Counts releases: a point given back while a request was being refused is seen. */
  releases: number;
  /** Each waiter, told whether it was woken by a settled point (else: by nothing held, or time). */
  waiters: Set<(settled: boolean) => void>;
}

export class Holds {
  private readonly entries = new Map<string, Entry>();

  private entry(id: string): Entry {
    let entry = this.entries.get(id);
    if (!entry) {
      entry = { held: 0, releases: 0, waiters: new Set() };
      this.entries.set(id, entry);
    }
    return entry;
  }

  private forget(id: string, entry: Entry): void {
    if (entry.held === 0 && entry.waiters.size === 0) this.entries.delete(id);
  }

  add(id: string): void {
    this.entry(id).held += 1;
  }

  /**
   * One held point settles: given back (`freed`), which lets one waiter try again, or kept as a
   * failure; once none is held, every waiter tries again (and is refused, or not).
   */
  release(id: string, freed: boolean): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.held = Math.max(0, entry.held - 1);
    entry.releases += 1;
    if (freed) {
      const [first] = entry.waiters;
      first?.(true);
    }
    if (entry.held === 0) for (const wake of [...entry.waiters]) wake(true);
    this.forget(id, entry);
  }

  /**
   * A point taken for a draw in flight turned out not to be taken (the store refused it): it
   * holds nothing; once none is held, every waiter tries again (and is refused, or not).
   */
  withdraw(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.held = Math.max(0, entry.held - 1);
    if (entry.held === 0) for (const wake of [...entry.waiters]) wake(false);
    this.forget(id, entry);
  }

  held(id: string): boolean {
    return (this.entries.get(id)?.held ?? 0) > 0;
  }

  releases(id: string): number {
    return this.entries.get(id)?.releases ?? 0;
  }

  /**
   * Resolves when a held point of `id` settles (true: it may be back), when none is held any more
   * without one settling, or at `deadline` (ms since the epoch) (false: nothing came back).
   */
  released(id: string, deadline: number): Promise<boolean> {
    const entry = this.entry(id);
    return new Promise<boolean>((resolve) => {
      const wake = (settled: boolean) => {
        clearTimeout(timer);
        entry.waiters.delete(wake);
        this.forget(id, entry);
        resolve(settled);
      };
      const timer = setTimeout(() => wake(false), Math.max(0, deadline - Date.now()));
      entry.waiters.add(wake);
    });
  }
}
