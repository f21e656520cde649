// Server configuration, read once from the environment through one schema (ENV: every variable,
// its check, its default and its meaning) and checked before anything starts. The configuration
// list in server/README.md is written from the same schema (`configList`), and a test fails
// when the two differ (`node --import tsx scripts/config-table.ts` rewrites it).
import { isIP, isIPv6 } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import * as v from 'valibot';

import { DATABASE_KEY_ID } from './auth/secrets';
import { readOidcProviders, type OidcProviderConfig } from './oidc/providers-config';

export type DatabaseConfig =
  | {
      kind: 'sqlite';
      file: string;
      /** Bytes of the file SQLite reads through a memory map (0: none), and its page cache. */
      mmapBytes?: number;
      cacheBytes?: number;
    }
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number };

export type MailMode = 'outbox' | 'smtp';

export interface PasswordHashConfig {
  /** Argon2id memory in KiB. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface RateLimitConfig {
  signupMax: number;
  signupWindowSeconds: number;
  /** Per (email, client address) pair. */
  loginFailuresMax: number;
  loginFailuresWindowSeconds: number;
  /** Per client address across all emails, in the same window. */
  loginFailuresPerAddressMax: number;
  /** Per email across all addresses. */
  loginFailuresPerEmailMax: number;
  loginFailuresPerEmailWindowSeconds: number;
  resendWindowSeconds: number;
  /**
   * Wrong codes for one target (an email; the account for an email change) across every code of
   * that kind and every address; only a success gives them back.
   */
  codeGuessesPerTargetMax: number;
  /** Wrong codes per client address across all targets and kinds. */
  codeGuessesPerAddressMax: number;
  codeGuessesPerAddressWindowSeconds: number;
  /** Mails that requests (sign-up, resend, reset, email change) cause to one recipient. */
  mailPerRecipientHourMax: number;
  mailPerRecipientDayMax: number;
  /** Change-email requests per account. */
  changeEmailMax: number;
  changeEmailWindowSeconds: number;
  /** Password-reset requests per client address, across all emails. */
  resetRequestsPerAddressMax: number;
  resetRequestsPerAddressWindowSeconds: number;
  /** Passkey options (challenges) handed out per client address. */
  passkeyOptionsPerAddressMax: number;
  passkeyOptionsWindowSeconds: number;
  /** Activity logs sent to support, per client address. */
  logUploadsMax: number;
  logUploadsWindowSeconds: number;
}

/** A key of the ring that encrypts stored secrets; its id is stored beside what it encrypted. */
export interface SecretKey {
  id: string;
  key: Buffer;
}

export interface Config {
  port: number;
  host: string;
  production: boolean;
  dataDir: string;
  distDir: string;
  database: DatabaseConfig;
  /** Whether a start applies pending migrations; false: a start behind them refuses. */
  migrateOnStart: boolean;
  redis?: { url: string; prefix: string };
  mail: {
    mode: MailMode;
    smtpUrl?: string;
    from: string;
    /** The product's name (APP_NAME): the sender's name by default, and every mail's signature. */
    appName: string;
    /** Where visitors reach support (SUPPORT_CONTACT), named where a mail says to contact it. */
    supportContact: string;
    outboxDir: string;
    /** Messages the outbox keeps; writing one more deletes the oldest beyond. */
    outboxMax: number;
    /** Whether GET /v1/dev/outbox exists. */
    outboxEndpoint: boolean;
    /** How long a process holds a claimed mail before another may take it. */
    leaseSeconds: number;
    /** How often the queue looks for due mail (a stored mail is also looked at at once). */
    pollMs: number;
    /**
     * After an answer, the worker starts at a random moment between a tenth of this and all of
     * it, so that the request that follows never shares the thread with what a job found.
     */
    kickDelayMs: number;
    /**
     * Tries after which a row whose failure is not a passing one (the database refusing its data,
     * a payload its kind cannot run, the mail server refusing it for good) is set aside.
     */
    setAsideAfterAttempts: number;
  };
  /**
   * Where the app is reached from outside: the links in mails start with it. Unset, it is
   * http://localhost:<the port the server listens on>.
   */
  publicUrl?: string;
  sessionTtlSeconds: number;
  /** Live sessions one account keeps at most; a new one ends the oldest. */
  sessionsMaxPerAccount: number;
  /** A session's last use is written at most once in this many seconds (the list's precision). */
  sessionTouchIntervalSeconds: number;
  /** PostgreSQL: live sessions kept in each process's memory, exact through notifications. */
  sessionCacheSize: number;
  /** Ended sessions, expired codes, stale sign-ups and limiter rows are deleted in the background. */
  sweep: { intervalSeconds: number; graceSeconds: number; batch: number };
  /** At info, a request is logged when it fails or is refused, or takes at least this long. */
  logSlowRequestMs: number;
  activationCodeTtlSeconds: number;
  activationMaxAttempts: number;
  rateLimits: RateLimitConfig;
  passwordHash: PasswordHashConfig;
  logLevel: string;
  /** Whole request (headers and body) must arrive within this; else 408 and the socket closes. */
  requestTimeoutSeconds: number;
  /** Password hashes running at once, and waiting; beyond, 503 with Retry-After. */
  passwordHashBounds: { concurrency: number; queue: number };
  /** Open connections at most; more are closed as they arrive. */
  maxConnections: number;
  /** Addresses (IPs or CIDRs) of the proxies whose X-Forwarded-For is believed; none by default. */
  trustProxy: string[];
  /** Origins of the app allowed to call the API from another origin (CORS); none by default. */
  corsOrigins: string[];
  /** The port of the Prometheus metrics listener (on `host`); off when undefined. */
  metricsPort?: number;
  /** Where OpenTelemetry traces go (OTLP over HTTP); no tracing when undefined. */
  otlpEndpoint?: string;
  /**
   * The keys (32 bytes each) that encrypt stored secrets, newest first: the newest encrypts, any
   * decrypts. Unset outside production: the deployment's own key made by migration 010 is used.
   */
  secretKeys?: SecretKey[];
  /** The OpenID Connect providers one may sign in with; none when `OIDC_PROVIDERS` is unset. */
  oidcProviders: OidcProviderConfig[];
}

// OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1.
export const OWASP_ARGON2: PasswordHashConfig = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
// Only for test suites: the hashing stays argon2id, just cheap enough for two cores.
const TEST_ARGON2: PasswordHashConfig = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
// proxy-addr's names for whole ranges, as Fastify's trustProxy takes them.
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const DAY = 24 * 60 * 60;

/**
 * What the configuration table says of a variable: its default as shown, and its meaning. A
 * variable with `pair` shares the row of the one before it (`A` / `B`), whose meaning covers both.
 */
type About = {
  shown: string;
  meaning?: string;
  pair?: true;
};

/** A variable's text, trimmed; undefined when unset or blank (an unset one is read as ''). */
const text = v.pipe(
  v.optional(v.string(), ''),
  v.transform((raw) => {
    const trimmed = raw?.trim();
    return trimmed === '' ? undefined : trimmed;
  }),
);

/** Any text. */
function str(about: About) {
  return v.pipe(text, v.metadata(about));
}

/** A text that, when set, passes `ok`; `expected` says what it should be (never the value). */
function checked(ok: (raw: string) => boolean, expected: string, about: About) {
  return v.pipe(
    text,
    v.check((raw) => raw === undefined || ok(raw), expected),
    v.metadata(about),
  );
}

function choice<const T extends string>(choices: readonly T[], about: About) {
  return v.pipe(
    text,
    v.check(
      (raw) => raw === undefined || (choices as readonly string[]).includes(raw),
      `one of ${choices.join(', ')}`,
    ),
    v.transform((raw) => raw as T | undefined),
    v.metadata(about),
  );
}

/** A whole number from `min` to `max`; `fallback` when unset. */
function int(
  fallback: number,
  min: number,
  max: number,
  about: Omit<About, 'shown'> & { shown?: string },
) {
  return v.pipe(
    text,
    v.rawTransform(({ dataset, addIssue, NEVER }): number => {
      const raw = dataset.value;
      if (raw === undefined) return fallback;
      const value = Number(raw);
      if (/^\d+$/.test(raw) && value >= min && value <= max) return value;
      addIssue({ message: `an integer from ${min} to ${max}, got "${raw}"` });
      return NEVER;
    }),
    v.metadata({ shown: `\`${fallback}\``, ...about }),
  );
}

function isProxyList(raw: string): boolean {
  if (raw === 'false') return true;
  return raw.split(',').every((item) => {
    const entry = item.trim();
    const [address = '', prefix, ...rest] = entry.split('/');
    const prefixOk =
      prefix === undefined ||
      (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (isIPv6(address) ? 128 : 32));
    return (
      rest.length === 0 && (PROXY_RANGE_NAMES.includes(entry) || (isIP(address) !== 0 && prefixOk))
    );
  });
}

/** Exact origins only: a scheme, a host and maybe a port, nothing after. */
function isOriginList(raw: string): boolean {
  return raw.split(',').every((item) => {
    const entry = item.trim().replace(/\/$/, '');
    try {
      const url = new URL(entry);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === entry;
    } catch {
      return false;
    }
  });
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const KEY_HEX = /^[0-9a-f]{64}$/i;

/** Why SECRET_KEYS is not a list of `id:key` pairs, or undefined when it is. */
function keyRingProblem(raw: string): string | undefined {
  const ids = new Set<string>();
  for (const pair of raw.split(',')) {
    const [id = '', key = '', ...rest] = pair.trim().split(':');
    if (rest.length > 0 || !KEY_ID.test(id) || !KEY_HEX.test(key)) {
      return 'id:key pairs separated by commas, each id of letters, digits, - or _ (at most 32), each key 64 hexadecimal digits';
    }
    if (id === DATABASE_KEY_ID)
      return `ids other than "${DATABASE_KEY_ID}", which names the database's own key`;
    if (ids.has(id)) return `each id once (one is listed twice)`;
    ids.add(id);
  }
  return undefined;
}

function readKeyRing(raw: string): SecretKey[] {
  return raw.split(',').map((pair) => {
    const [id = '', key = ''] = pair.trim().split(':');
    return { id, key: Buffer.from(key, 'hex') };
  });
}

/** This machine: a page served from it is a secure context without TLS. */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host)
  );
}

function isHttpUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Every variable the server reads, in the order of the configuration table. */
export const ENV = v.object({
  PORT: int(8080, 0, 65535, { meaning: 'listening port (`0` picks a free one)' }),
  HOST: str({
    shown: '`0.0.0.0` in production, else `localhost`',
    meaning:
      'listening address: `localhost` accepts this machine only; `0.0.0.0` every network (a container, a machine behind a proxy)',
  }),
  DATA_DIR: str({
    shown: '`./data`',
    meaning: 'SQLite file `app.db` and the mail outbox live here',
  }),
  // The value itself is never echoed: it may carry a password.
  DATABASE_URL: checked((raw) => /^postgres(ql)?:\/\/.+/.test(raw), 'a postgres:// address', {
    shown: 'unset',
    meaning: '`postgres://…` uses PostgreSQL; unset uses SQLite at `DATA_DIR/app.db` (WAL)',
  }),
  SQLITE_MMAP_MB: int(0, 0, 1024 * 1024, {
    meaning:
      'SQLite: MiB of the database file read through a memory map (`mmap_size`; 0: none, reads go through the page cache)',
  }),
  SQLITE_CACHE_MB: int(2, 1, 1024 * 1024, {
    meaning: "SQLite: MiB of the connection's page cache (`cache_size`)",
  }),
  DATABASE_POOL_SIZE: int(10, 1, 1000, {
    meaning:
      "PostgreSQL: connections each process keeps at most; every server's pool together must stay under the database's `max_connections`",
  }),
  MIGRATE_ON_START: choice(['true', 'false'], {
    shown: '`true`',
    meaning:
      '`false`: a start applies no migration and refuses, in one line, a database behind them (run `npm run migrate` first); `true` migrates at start, one process at a time',
  }),
  DATABASE_SCHEMA: checked(
    (raw) => /^[a-z_][a-z0-9_]{0,62}$/.test(raw),
    'a lower-case SQL identifier (letters, digits, _)',
    {
      shown: 'unset',
      meaning: 'PostgreSQL schema to use (created if missing); the tests use one per suite',
    },
  ),
  REDIS_URL: checked((raw) => /^rediss?:\/\/.+/.test(raw), 'a redis:// or rediss:// address', {
    shown: 'unset',
    meaning:
      '`redis://…` keeps rate-limit counters in Redis, shared by every process; run that Redis with `appendonly yes`, or a restart of it forgets every count (Limits)',
  }),
  REDIS_PREFIX: str({ shown: '`accounts:`', meaning: 'prefix of those Redis keys' }),
  SMTP_URL: checked((raw) => /^smtps?:\/\/.+/.test(raw), 'an smtp:// or smtps:// address', {
    shown: 'unset',
    meaning: '`smtp://user:pass@host:587` sends real mail',
  }),
  MAIL_MODE: choice(['outbox', 'smtp'], {
    shown: '`outbox`, or `smtp` when `SMTP_URL` is set',
    meaning: '`outbox` writes each message to `DATA_DIR/outbox/`',
  }),
  MAIL_FROM: checked((raw) => raw.includes('@'), 'an email address, optionally with a name', {
    shown: '`"<APP_NAME>" <no-reply@localhost>`; required in production',
    meaning: 'sender of account mail (`Accounts <accounts@example.com>`)',
  }),
  // It stands in a mail header (the sender's name): no line breaks, nothing that ends a quote.
  APP_NAME: checked(
    (raw) => raw.length <= 60 && !/[\p{Cc}"\\<>]/u.test(raw),
    'a name of at most 60 characters, without quotes, <, > or control characters',
    {
      shown: '`Accounts`',
      meaning:
        "the product's name: the sender's name when `MAIL_FROM` is unset, and the signature under every mail (at most 60 characters, no quotes, `<`, `>` or control characters); the app takes its own at build time",
    },
  ),
  // It stands in the text of mails: one line, no markup.
  SUPPORT_CONTACT: checked(
    (raw) => raw.length <= 200 && !/[\p{Cc}<>]/u.test(raw),
    'an address or a web address of at most 200 characters, without <, > or control characters',
    {
      shown: '`support@example.com`',
      meaning:
        'where visitors reach support: named by the mail that says the account email changed (the app takes its own at build time)',
    },
  ),
  OUTBOX_MAX_MESSAGES: int(500, 1, 100_000, {
    meaning:
      'outbox mode: the newest messages kept in `DATA_DIR/outbox/`; writing one more deletes the oldest beyond, and `GET /v1/dev/outbox` lists these, reading a few files at a time',
  }),
  MAIL_LEASE_SECONDS: int(60, 1, 3600, {
    meaning:
      'how long a process holds the mail it claimed; a process that died leaves its claimed mail to the others (or to itself after a restart) once this passes',
  }),
  MAIL_POLL_MS: int(1000, 10, 60_000, {
    meaning:
      "how often each process looks for mail due (stored mail is also looked at at once, and again after each failure's backoff)",
  }),
  MAIL_KICK_DELAY_MS: int(250, 0, 60_000, {
    meaning:
      'after an answer that stored mail, the mail thread starts on it a random moment between a tenth of this and all of it later, so that on SQLite its writes meet the request that follows only by chance (0 starts it at once)',
  }),
  MAIL_SET_ASIDE_AFTER_ATTEMPTS: int(5, 1, 1000, {
    meaning:
      'a mail that failed this many times, the last time for a reason that does not pass by itself (its data refused by the database, a 5xx refusal), is set aside for an operator and never tried again (Mail queue)',
  }),
  PUBLIC_URL: checked(isHttpUrl, 'an http:// or https:// address', {
    shown: '`http://localhost:<port>`; required in production',
    meaning:
      'where visitors reach the app: the links in mails start with it, passkeys are bound to its host. In production `https://`, unless it is this machine',
  }),
  NODE_ENV: str({
    shown: 'unset',
    meaning:
      '`production` requires `MAIL_FROM`, `PUBLIC_URL`, `SECRET_KEYS` and `SMTP_URL` (or `MAIL_MODE=outbox` set explicitly, which then serves `GET /v1/dev/outbox`), and never builds',
  }),
  SESSION_TTL_SECONDS: int(7 * DAY, 1, 365 * DAY, {
    shown: '`604800` (7 days)',
    meaning: 'session lifetime; `signature.exp` is its end',
  }),
  SESSIONS_MAX_PER_ACCOUNT: int(50, 1, 10_000, {
    meaning:
      'live sessions one account keeps; a new one (login, activation, reset) ends the oldest beyond, so the session list stays bounded',
  }),
  SESSION_TOUCH_INTERVAL_SECONDS: int(60, 1, DAY, {
    meaning:
      "a session's last use is written at most once in this many seconds (the list's precision)",
  }),
  SESSION_CACHE_SIZE: int(50_000, 0, 10_000_000, {
    meaning:
      'PostgreSQL: live sessions each process keeps in memory for verify (about 300 bytes each; 0: none), dropped on every process when a session ends or its user changes (the database notifies them)',
  }),
  SWEEP_INTERVAL_SECONDS: int(300, 0, DAY, {
    meaning:
      'how often every process deletes what has ended in the background: expired sessions and codes, later sign-ups no code can use any more, request counters past their window',
  }),
  SWEEP_GRACE_SECONDS: int(3600, 0, 30 * DAY, {
    meaning: 'how long past its end such a row is kept',
  }),
  SWEEP_BATCH: int(1000, 1, 100_000, {
    meaning:
      'rows per delete statement: each is a short write, so requests keep their turn between them',
  }),
  LOG_SLOW_REQUEST_MS: int(1000, 0, 600_000, {
    meaning:
      'at `info`, a request is logged when it fails or is refused, or takes at least this long',
  }),
  ACTIVATION_CODE_TTL_SECONDS: int(15 * 60, 1, DAY, {
    meaning: 'lifetime of a mailed one-time code (activation, password reset, email change)',
  }),
  ACTIVATION_MAX_ATTEMPTS: int(5, 1, 100, {
    meaning:
      'wrong tries of one code (activation, reset, email change) from one client address, then 429',
  }),
  CODE_GUESSES_PER_TARGET_MAX: int(20, 1, 1_000_000, {
    meaning:
      'wrong typed codes per target (the email for activation and reset, the account for an email change) across every code of that kind and every address; never refilled by a new code or by time, only by a success (Limits)',
  }),
  CODE_GUESSES_PER_ADDRESS_MAX: int(50, 1, 1_000_000, {
    meaning: 'wrong typed codes per client address across all targets and kinds',
  }),
  CODE_GUESSES_PER_ADDRESS_WINDOW_SECONDS: int(3600, 1, DAY, { pair: true }),
  MAIL_PER_RECIPIENT_HOUR_MAX: int(5, 1, 1_000_000, {
    meaning:
      'mails that sign-ups, resends, reset and change-email requests cause to one address; beyond, the mail is silently not sent (the answer is the same)',
  }),
  MAIL_PER_RECIPIENT_DAY_MAX: int(20, 1, 1_000_000, { pair: true }),
  RATE_LIMIT_CHANGE_EMAIL_MAX: int(5, 1, 1_000_000, {
    meaning: 'change-email requests per account',
  }),
  RATE_LIMIT_CHANGE_EMAIL_WINDOW_SECONDS: int(3600, 1, DAY, { pair: true }),
  RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS_MAX: int(20, 1, 1_000_000, {
    meaning:
      "password-reset requests per client address across all emails, not yet used (a reset with the code gives its point back); 50 behind a carrier's NAT (Limits)",
  }),
  RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS_WINDOW_SECONDS: int(3600, 1, DAY, { pair: true }),
  RATE_LIMIT_SIGNUP_MAX: int(20, 1, 1_000_000, {
    meaning:
      "sign-ups per client address not yet activated (an activation gives its point back); 200 behind a carrier's NAT (Limits)",
  }),
  RATE_LIMIT_SIGNUP_WINDOW_SECONDS: int(600, 1, DAY, { pair: true }),
  RATE_LIMIT_LOGIN_FAILURES_MAX: int(10, 1, 1_000_000, {
    meaning: 'failed logins per (email, client address) pair',
  }),
  RATE_LIMIT_LOGIN_FAILURES_WINDOW_SECONDS: int(900, 1, DAY, { pair: true }),
  RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS_MAX: int(50, 1, 1_000_000, {
    meaning: 'failed logins per client address across all emails, in the same window',
  }),
  RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_MAX: int(100, 1, 1_000_000, {
    meaning: 'failed logins per email across all addresses',
  }),
  RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_WINDOW_SECONDS: int(3600, 1, DAY, { pair: true }),
  RATE_LIMIT_RESEND_WINDOW_SECONDS: int(60, 1, DAY, {
    meaning: 'one code resend per email per window',
  }),
  RATE_LIMIT_PASSKEY_OPTIONS_PER_ADDRESS_MAX: int(300, 1, 1_000_000, {
    meaning:
      'passkey options (each a five-minute challenge: the login page asks for one on every visit, for autofill) per client address',
  }),
  RATE_LIMIT_PASSKEY_OPTIONS_WINDOW_SECONDS: int(900, 1, DAY, { pair: true }),
  RATE_LIMIT_LOG_UPLOADS_MAX: int(5, 1, 1_000_000, {
    meaning: 'activity logs sent to support per client address, every upload counted, valid or not',
  }),
  RATE_LIMIT_LOG_UPLOADS_WINDOW_SECONDS: int(3600, 1, DAY, { pair: true }),
  TRUST_PROXY: checked(
    isProxyList,
    'the proxies\' addresses: IPs or CIDRs separated by commas (not "true")',
    {
      shown: 'unset (no proxy)',
      meaning:
        "the proxies' addresses, comma-separated IPs or CIDRs (`10.0.0.2, 10.1.0.0/16`; also `loopback`, `linklocal`, `uniquelocal`): only a request from one of them has its client address read from `X-Forwarded-For`. Never `true`: any client could choose its address",
    },
  ),
  REQUEST_TIMEOUT_SECONDS: int(15, 1, 600, {
    meaning:
      "a request's headers and body must arrive within this, else 408 and the connection closes; idle keep-alive connections close after 5 s, silent ones at the time-out",
  }),
  MAX_CONNECTIONS: int(1024, 1, 1_000_000, {
    meaning: 'open connections at most; more are closed as they arrive',
  }),
  CORS_ORIGINS: checked(isOriginList, 'origins such as https://app.example, separated by commas', {
    shown: 'unset (same origin only)',
    meaning:
      'app origins (`https://app.example`, comma-separated, no path, no `*`) that may call the API from another origin (an app built with `API_BASE_URL`): their requests and preflights get CORS headers, bearer tokens only, never cookies; other origins get none, and their browsers refuse the answers',
  }),
  METRICS_PORT: checked(
    (raw) => /^\d+$/.test(raw) && Number(raw) <= 65535,
    'a port from 0 to 65535',
    {
      shown: 'unset (no metrics)',
      meaning:
        'serves Prometheus metrics at `/metrics` on this port of `HOST`, never on `PORT` (`0` picks a free one): requests by route and status with durations, auth decisions, limit refusals, the mail queue, the session cache, database connections, the process (server/README.md, Metrics)',
    },
  ),
  OTEL_EXPORTER_OTLP_ENDPOINT: checked(isHttpUrl, 'an http:// or https:// address', {
    shown: 'unset (no traces)',
    meaning:
      "sends OpenTelemetry traces (a span per request, `traceparent` honoured) to this OTLP/HTTP collector, as JSON to `<endpoint>/v1/traces`; the SDK's other `OTEL_*` variables apply (`OTEL_SERVICE_NAME`, `OTEL_EXPORTER_OTLP_HEADERS`, …). Unset, the tracing code is not even loaded",
  }),
  // One core stays free for the event loop (verify, the app's files).
  PASSWORD_HASH_CONCURRENCY: int(Math.min(4, Math.max(1, os.availableParallelism() - 1)), 1, 64, {
    shown: 'cores - 1',
    meaning: 'password hashes at once / waiting; beyond, 503 with `Retry-After`',
  }),
  PASSWORD_HASH_QUEUE: int(64, 0, 10_000, { pair: true }),
  // The values themselves are never echoed.
  SECRET_KEYS: v.pipe(
    text,
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const raw = dataset.value;
      if (raw === undefined) return undefined;
      const problem = keyRingProblem(raw);
      if (problem === undefined) return readKeyRing(raw);
      addIssue({ message: problem });
      return NEVER;
    }),
    v.metadata({
      shown: 'unset (outside production: a key the database keeps)',
      meaning:
        'the key ring that encrypts second-factor secrets, newest first: `id:key` pairs separated by commas, each key 64 hex digits (`openssl rand -hex 32`); the first encrypts, any decrypts (Operations). Required in production, kept apart from the data',
    } satisfies About),
  ),
  SECRET_KEY: checked((raw) => KEY_HEX.test(raw), '64 hexadecimal digits (32 bytes)', {
    shown: 'unset',
    meaning: 'one key, 64 hex digits: the ring `1:<key>` (not beside `SECRET_KEYS`)',
  }),
  DIST_DIR: str({
    shown: '`./dist`',
    meaning: 'the built app; without `index.html`, app routes answer 503',
  }),
  LOG_LEVEL: choice(LOG_LEVELS, {
    shown: '`info`',
    meaning: 'pino level: `fatal` … `trace`, or `silent`',
  }),
  OIDC_PROVIDERS: str({
    shown: 'unset (no provider)',
    meaning:
      'the OpenID Connect providers one may sign in with, their ids separated by commas (`google,work`; lower-case letters, digits, `-`). For each id (upper-cased, `-` as `_`): `OIDC_<ID>_ISSUER`, discovered from its `/.well-known/openid-configuration`, `https://` unless on a loopback address; `OIDC_<ID>_CLIENT_ID` and `OIDC_<ID>_CLIENT_SECRET`, the client registered there with the redirect URI `PUBLIC_URL/v1/api/user/oidc/<id>/callback`; `OIDC_<ID>_NAME`, the name on its buttons (default: the id). Unset, the app shows no button and the provider endpoints answer 404 (Providers)',
  }),
  PASSWORD_HASH_PROFILE: choice(['owasp', 'test'], {
    shown: '`owasp`',
    meaning:
      '`owasp` = argon2id m=19 MiB, t=2, p=1. `test` is a cheap argon2id for test suites only, refused when `NODE_ENV=production`',
  }),
});

type Env = Partial<Record<string, string>>;

function fail(name: string, expected: string): never {
  throw new Error(`Invalid ${name}: expected ${expected}.`);
}

/** The variables, checked one by one; the first bad one stops the server with one line. */
function readEnv(env: Env): v.InferOutput<typeof ENV> {
  const result = v.safeParse(ENV, env, { abortEarly: true });
  if (result.success) return result.output;
  const [issue] = result.issues;
  fail(String(issue.path?.[0]?.key), issue.message);
}

/** The configuration's rows (variable, default, meaning), from ENV. */
export function configTable(): [string, string, string][] {
  const rows: [string, string, string][] = [];
  for (const [name, schema] of Object.entries(ENV.entries)) {
    const about = v.getMetadata(schema) as About;
    const previous = rows.at(-1);
    if (about.pair && previous) {
      previous[0] += ` / \`${name}\``;
      previous[1] += ` / ${about.shown}`;
    } else {
      rows.push([`\`${name}\``, about.shown, about.meaning ?? '']);
    }
  }
  return rows;
}

/** The configuration as server/README.md lists it: one line per variable (or pair). */
export function configList(): string[] {
  return configTable().map(
    ([variables, shown, meaning]) => `- ${variables}, default ${shown}: ${meaning}`,
  );
}

/** What production needs and `e` lacks, each with what to set it to, in one line. */
function missingInProduction(e: v.InferOutput<typeof ENV>): string[] {
  const missing: string[] = [];
  if (e.MAIL_FROM === undefined) {
    missing.push(
      'MAIL_FROM (the sender of account mail, such as "Accounts <accounts@example.com>")',
    );
  }
  if (e.PUBLIC_URL === undefined) {
    missing.push('PUBLIC_URL (where visitors reach the app, https://…)');
  }
  // The outbox keeps codes on disk in clear: a production server uses it only when told to.
  if (e.MAIL_MODE === undefined && e.SMTP_URL === undefined) {
    missing.push('SMTP_URL (or MAIL_MODE=outbox to keep mail on disk)');
  }
  if (e.SECRET_KEYS === undefined && e.SECRET_KEY === undefined) {
    missing.push('SECRET_KEYS or SECRET_KEY (a key made with `openssl rand -hex 32`)');
  }
  return missing;
}

export function loadConfig(env: Env): Config {
  const e = readEnv(env);
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR ?? './data');
  const missing = production ? missingInProduction(e) : [];
  if (missing.length > 0) {
    throw new Error(`NODE_ENV=production needs ${missing.join(', ')}.`);
  }
  if (production && e.PUBLIC_URL !== undefined) {
    const url = new URL(e.PUBLIC_URL);
    if (url.protocol !== 'https:' && !isLoopback(url.hostname)) {
      fail(
        'PUBLIC_URL',
        'an https:// address when NODE_ENV=production (passkeys and sessions need it), unless it is this machine',
      );
    }
  }
  const mailMode = e.MAIL_MODE ?? (e.SMTP_URL ? 'smtp' : 'outbox');
  if (mailMode === 'smtp' && e.SMTP_URL === undefined)
    fail('SMTP_URL', 'a value when MAIL_MODE=smtp');
  if (e.PASSWORD_HASH_PROFILE === 'test' && production) {
    fail('PASSWORD_HASH_PROFILE', '"owasp" when NODE_ENV=production');
  }
  if (e.SECRET_KEYS !== undefined && e.SECRET_KEY !== undefined) {
    fail('SECRET_KEYS', 'no SECRET_KEY beside it (SECRET_KEY=<key> is SECRET_KEYS=1:<key>)');
  }
  const secretKeys =
    e.SECRET_KEYS ?? (e.SECRET_KEY === undefined ? undefined : readKeyRing(`1:${e.SECRET_KEY}`));
  const appName = e.APP_NAME ?? 'Accounts';
  // A scraper reaching the public port would let anyone read them.
  if (e.METRICS_PORT !== undefined && Number(e.METRICS_PORT) === e.PORT && e.PORT !== 0) {
    fail('METRICS_PORT', 'a port other than PORT: metrics are never served on the public port');
  }

  return {
    port: e.PORT,
    publicUrl:
      e.PUBLIC_URL === undefined ? undefined : new URL(e.PUBLIC_URL).href.replace(/\/+$/, ''),
    // In a container or behind a proxy, the server must take connections from other machines.
    host: e.HOST ?? (production ? '0.0.0.0' : 'localhost'),
    production,
    migrateOnStart: e.MIGRATE_ON_START !== 'false',
    dataDir,
    distDir: path.resolve(e.DIST_DIR ?? './dist'),
    database:
      e.DATABASE_URL === undefined
        ? {
            kind: 'sqlite',
            file: path.join(dataDir, 'app.db'),
            mmapBytes: e.SQLITE_MMAP_MB * 1024 * 1024,
            cacheBytes: e.SQLITE_CACHE_MB * 1024 * 1024,
          }
        : {
            kind: 'postgres',
            url: e.DATABASE_URL,
            schema: e.DATABASE_SCHEMA,
            poolSize: e.DATABASE_POOL_SIZE,
          },
    redis:
      e.REDIS_URL === undefined
        ? undefined
        : { url: e.REDIS_URL, prefix: e.REDIS_PREFIX ?? 'accounts:' },
    mail: {
      mode: mailMode,
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `"${appName}" <no-reply@localhost>`,
      appName,
      supportContact: e.SUPPORT_CONTACT ?? 'support@example.com',
      outboxDir: path.join(dataDir, 'outbox'),
      outboxMax: e.OUTBOX_MAX_MESSAGES,
      outboxEndpoint: mailMode === 'outbox' && (!production || e.MAIL_MODE === 'outbox'),
      leaseSeconds: e.MAIL_LEASE_SECONDS,
      pollMs: e.MAIL_POLL_MS,
      kickDelayMs: e.MAIL_KICK_DELAY_MS,
      setAsideAfterAttempts: e.MAIL_SET_ASIDE_AFTER_ATTEMPTS,
    },
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    sessionsMaxPerAccount: e.SESSIONS_MAX_PER_ACCOUNT,
    sessionTouchIntervalSeconds: e.SESSION_TOUCH_INTERVAL_SECONDS,
    sessionCacheSize: e.SESSION_CACHE_SIZE,
    sweep: {
      intervalSeconds: e.SWEEP_INTERVAL_SECONDS,
      graceSeconds: e.SWEEP_GRACE_SECONDS,
      batch: e.SWEEP_BATCH,
    },
    logSlowRequestMs: e.LOG_SLOW_REQUEST_MS,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    maxConnections: e.MAX_CONNECTIONS,
    passwordHashBounds: { concurrency: e.PASSWORD_HASH_CONCURRENCY, queue: e.PASSWORD_HASH_QUEUE },
    activationCodeTtlSeconds: e.ACTIVATION_CODE_TTL_SECONDS,
    activationMaxAttempts: e.ACTIVATION_MAX_ATTEMPTS,
    rateLimits: {
      signupMax: e.RATE_LIMIT_SIGNUP_MAX,
      signupWindowSeconds: e.RATE_LIMIT_SIGNUP_WINDOW_SECONDS,
      loginFailuresMax: e.RATE_LIMIT_LOGIN_FAILURES_MAX,
      loginFailuresWindowSeconds: e.RATE_LIMIT_LOGIN_FAILURES_WINDOW_SECONDS,
      loginFailuresPerAddressMax: e.RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS_MAX,
      loginFailuresPerEmailMax: e.RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_MAX,
      loginFailuresPerEmailWindowSeconds: e.RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_WINDOW_SECONDS,
      resendWindowSeconds: e.RATE_LIMIT_RESEND_WINDOW_SECONDS,
      codeGuessesPerTargetMax: e.CODE_GUESSES_PER_TARGET_MAX,
      codeGuessesPerAddressMax: e.CODE_GUESSES_PER_ADDRESS_MAX,
      codeGuessesPerAddressWindowSeconds: e.CODE_GUESSES_PER_ADDRESS_WINDOW_SECONDS,
      mailPerRecipientHourMax: e.MAIL_PER_RECIPIENT_HOUR_MAX,
      mailPerRecipientDayMax: e.MAIL_PER_RECIPIENT_DAY_MAX,
      changeEmailMax: e.RATE_LIMIT_CHANGE_EMAIL_MAX,
      changeEmailWindowSeconds: e.RATE_LIMIT_CHANGE_EMAIL_WINDOW_SECONDS,
      resetRequestsPerAddressMax: e.RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS_MAX,
      resetRequestsPerAddressWindowSeconds: e.RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS_WINDOW_SECONDS,
      passkeyOptionsPerAddressMax: e.RATE_LIMIT_PASSKEY_OPTIONS_PER_ADDRESS_MAX,
      passkeyOptionsWindowSeconds: e.RATE_LIMIT_PASSKEY_OPTIONS_WINDOW_SECONDS,
      logUploadsMax: e.RATE_LIMIT_LOG_UPLOADS_MAX,
      logUploadsWindowSeconds: e.RATE_LIMIT_LOG_UPLOADS_WINDOW_SECONDS,
    },
    passwordHash: e.PASSWORD_HASH_PROFILE === 'test' ? TEST_ARGON2 : OWASP_ARGON2,
    logLevel: e.LOG_LEVEL ?? 'info',
    trustProxy:
      e.TRUST_PROXY === undefined || e.TRUST_PROXY === 'false'
        ? []
        : e.TRUST_PROXY.split(',').map((entry) => entry.trim()),
    ...(secretKeys === undefined ? {} : { secretKeys }),
    corsOrigins:
      e.CORS_ORIGINS === undefined
        ? []
        : e.CORS_ORIGINS.split(',').map((entry) => entry.trim().replace(/\/$/, '')),
    ...(e.METRICS_PORT === undefined ? {} : { metricsPort: Number(e.METRICS_PORT) }),
    ...(e.OTEL_EXPORTER_OTLP_ENDPOINT === undefined
      ? {}
      : { otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT }),
    oidcProviders: readOidcProviders(env),
  };
}
