// Live sessions this process has verified, kept in memory for PostgreSQL, where a verify's round
// trip to the database costs more than the rest of the request. Kept exact by the database: a
// trigger notifies (LISTEN/NOTIFY) every deleted session and every changed or deleted user, on
// every process, whoever deleted it (logout, sign-out elsewhere, the session cap, a password or
// email change, account deletion, the sweeper), and an answer from memory waits for a round trip
// on the listening connection begun after the request came (`caughtUp`). While the listening
// connection is down, nothing is cached or answered from memory.
import pg from 'pg';

export const SESSION_CHANNEL = 'accounts_sessions';
const RECONNECT_MS = 1000;

export interface CachedSession {
  id: string;
  name: string;
  email: string;
  created_at: string;
  expires_at: number;
  last_used_at: number;
}

/**
 * A session's mark in the set of sessions read once: 28 bits of its key (a SHA-256), a small
 * integer the set holds inline. With the keys themselves, `put` took 0.75 us a verify at a million
 * sessions against 0.22 us with marks (`node --cpu-prof`), and the set kept each key's string alive
 * until it was emptied. Two sessions with the same mark (about one read in 5,000 with the set full)
 * only means that one is kept from its first read.
 */
const seenKey = (tokenHash: string) => Number.parseInt(tokenHash.slice(0, 7), 16);

export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  /** Sessions read once since the set was last emptied, by `seenKey`. */
  private readonly seenOnce = new Set<number>();
  /** Moves on every notification and every (re)connection: a read begun before is not kept. */
  generation = 0;
  /** Verify's lookups answered from memory, and those that went to the database (the metrics). */
  hits = 0;
  misses = 0;
  private listening = false;
  private client: pg.Client | undefined;
  private schema = '';
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly searchPath: string | undefined,
    private readonly size: number,
  ) {}

  /** The cached live session, if any. */
  get(tokenHash: string, now: number): CachedSession | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(tokenHash);
    if (entry && entry.expires_at <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /**
   * Keeps a row read from the database, unless something ended since the read began, from the
   * session's second read on: a session verified once (most of them, when far more sessions are
   * in use than fit) costs a set entry instead of a cached copy that would only be evicted.
   */
  put(tokenHash: string, session: CachedSession, readAtGeneration: number) {
    if (!this.listening || readAtGeneration !== this.generation) return;
    const seen = seenKey(tokenHash);
    if (!this.seenOnce.has(seen)) {
      if (this.seenOnce.size >= this.size) this.seenOnce.clear();
      this.seenOnce.add(seen);
      return;
    }
    this.seenOnce.delete(seen);
    if (this.entries.size >= this.size) {
      // The oldest tenth goes, in one pass: evicting one at a time from the front of a Map walks
      // over every entry deleted before it on each eviction.
      let evict = Math.max(1, Math.ceil(this.size / 10));
      for (const key of this.entries.keys()) {
        this.entries.delete(key);
        if (--evict === 0) break;
      }
    }
    this.entries.set(tokenHash, { ...session });
  }

  private barrier: Promise<void> | undefined;
  private nextBarrier: Promise<void> | undefined;

  /**
   * Resolves once every notification committed before the call has been applied: a round trip on
   * the listening connection started after the call, since PostgreSQL sends a listener its
   * pending notifications before the answer to its next query (the commit that queued them has
   * already signalled it). An ended session is thus never answered from memory after its end was
   * acknowledged, on any process. Calls share round trips: one is under way at a time, and the
   * calls made meanwhile wait for the next, so the round trips stay few however many verifies.
   */
  caughtUp(): Promise<void> {
    if (!this.barrier) return (this.barrier = this.roundTrip());
    this.nextBarrier ??= this.barrier
      .catch(() => {})
      .then(() => {
        this.nextBarrier = undefined;
        return (this.barrier ??= this.roundTrip());
      });
    return this.nextBarrier;
  }

  private async roundTrip(): Promise<void> {
    try {
      const client = this.client;
      if (!client || !this.listening) throw new Error('not listening');
      await client.query('select 1');
    } finally {
      this.barrier = undefined;
    }
  }

  noteUse(tokenHash: string, at: number) {
    const entry = this.entries.get(tokenHash);
    if (entry && entry.last_used_at < at) entry.last_used_at = at;
  }

  private forget(payload: string) {
    this.generation++;
    const [schema, kind, key] = payload.split(' ');
    if (schema !== this.schema) return;
    if (kind === 's') {
      this.entries.delete(key ?? '');
    } else if (kind === 'u') {
      for (const [tokenHash, entry] of this.entries) {
        if (entry.id === key) this.entries.delete(tokenHash);
      }
    }
  }

  private stopListening() {
    this.listening = false;
    this.generation++;
    this.entries.clear();
    this.seenOnce.clear();
  }

  /** Listens, then caches; on a lost connection, stops caching and listens again. */
  async start(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      options: this.searchPath ? `-c search_path=${this.searchPath}` : undefined,
    });
    this.client = client;
    const lost = () => {
      if (this.client !== client) return;
      this.client = undefined;
      this.stopListening();
      client.end().catch(() => {});
      if (!this.closed) {
        this.retry = setTimeout(() => void this.start().catch(() => {}), RECONNECT_MS);
        this.retry.unref();
      }
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => this.forget(message.payload ?? ''));
    try {
      await client.connect();
      const { rows } = await client.query<{ schema: string }>('select current_schema() as schema');
      this.schema = rows[0]?.schema ?? '';
      await client.query(`listen ${SESSION_CHANNEL}`);
    } catch (error) {
      lost();
      throw error;
    }
    if (this.client !== client) return;
    this.generation++;
    this.listening = true;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    this.stopListening();
    await client?.end().catch(() => {});
  }
}
