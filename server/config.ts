// Server configuration, read once from the environment and checked before anything starts.
import { isIP, isIPv6 } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type DatabaseConfig =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };

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
  /** Activity logs sent to support, per client address. */
  logUploadsMax: number;
  logUploadsWindowSeconds: number;
}

export interface Config {
  port: number;
  host: string;
  production: boolean;
  dataDir: string;
  distDir: string;
  database: DatabaseConfig;
  redis?: { url: string; prefix: string };
  mail: {
    mode: MailMode;
    smtpUrl?: string;
    from: string;
    /** The product's name (APP_NAME): the sender's name by default, and every mail's signature. */
    appName: string;
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
  };
  /**
   * Where the app is reached from outside: the links in mails start with it. Unset, it is
   * http://localhost:<the port the server listens on>.
   */
  publicUrl?: string;
  sessionTtlSeconds: number;
  /** Live sessions one account keeps at most; a new one ends the oldest. */
  sessionsMaxPerAccount: number;
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
}

// OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1.
export const OWASP_ARGON2: PasswordHashConfig = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
// Only for test suites: the hashing stays argon2id, just cheap enough for two cores.
const TEST_ARGON2: PasswordHashConfig = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

type Env = NodeJS.ProcessEnv;

function fail(name: string, expected: string): never {
  throw new Error(`Invalid ${name}: expected ${expected}.`);
}

function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) fail(name, `an integer from ${min} to ${max}, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) fail(name, `an integer from ${min} to ${max}, got "${raw}"`);
  return value;
}

function readString(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

function readChoice<T extends string>(env: Env, name: string, choices: readonly T[]) {
  const raw = readString(env, name);
  if (raw === undefined) return undefined;
  if (!(choices as readonly string[]).includes(raw)) fail(name, `one of ${choices.join(', ')}`);
  return raw as T;
}

function readDatabase(env: Env, dataDir: string): DatabaseConfig {
  const url = readString(env, 'DATABASE_URL');
  const schema = readString(env, 'DATABASE_SCHEMA');
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    fail('DATABASE_SCHEMA', 'a lower-case SQL identifier (letters, digits, _)');
  }
  if (url === undefined) return { kind: 'sqlite', file: path.join(dataDir, 'app.db') };
  // The value itself is never echoed: it may carry a password.
  if (!/^postgres(ql)?:\/\/.+/.test(url)) fail('DATABASE_URL', 'a postgres:// address');
  return { kind: 'postgres', url, schema };
}

function readRedis(env: Env): Config['redis'] {
  const url = readString(env, 'REDIS_URL');
  const prefix = readString(env, 'REDIS_PREFIX') ?? 'accounts:';
  if (url === undefined) return undefined;
  if (!/^rediss?:\/\/.+/.test(url)) fail('REDIS_URL', 'a redis:// or rediss:// address');
  return { url, prefix };
}

function readMail(env: Env, dataDir: string, production: boolean): Config['mail'] {
  const smtpUrl = readString(env, 'SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\/.+/.test(smtpUrl)) {
    fail('SMTP_URL', 'an smtp:// or smtps:// address');
  }
  const explicitMode = readChoice(env, 'MAIL_MODE', ['outbox', 'smtp'] as const);
  // The outbox keeps codes on disk in clear: a production server uses it only when told to.
  if (production && explicitMode === undefined && smtpUrl === undefined) {
    fail('SMTP_URL', 'a value when NODE_ENV=production (or MAIL_MODE=outbox to keep mail on disk)');
  }
  const mode = explicitMode ?? (smtpUrl ? 'smtp' : 'outbox');
  if (mode === 'smtp' && smtpUrl === undefined) fail('SMTP_URL', 'a value when MAIL_MODE=smtp');
  const appName = readString(env, 'APP_NAME') ?? 'Accounts';
  // It stands in a mail header (the sender's name): no line breaks, nothing that ends a quote.
  if (appName.length > 60 || /[\p{Cc}"\\<>]/u.test(appName)) {
    fail('APP_NAME', 'a name of at most 60 characters, without quotes, <, > or control characters');
  }
  const from = readString(env, 'MAIL_FROM') ?? `"${appName}" <no-reply@localhost>`;
  if (!from.includes('@')) fail('MAIL_FROM', 'an email address, optionally with a name');
  return {
    mode,
    smtpUrl,
    from,
    appName,
    outboxDir: path.join(dataDir, 'outbox'),
    outboxMax: readInt(env, 'OUTBOX_MAX_MESSAGES', 500, 1, 100_000),
    outboxEndpoint: mode === 'outbox' && (!production || explicitMode === 'outbox'),
    leaseSeconds: readInt(env, 'MAIL_LEASE_SECONDS', 60, 1, 3600),
    pollMs: readInt(env, 'MAIL_POLL_MS', 1000, 10, 60_000),
    kickDelayMs: readInt(env, 'MAIL_KICK_DELAY_MS', 250, 0, 60_000),
  };
}

function readPasswordHash(env: Env, production: boolean): PasswordHashConfig {
  const profile = readChoice(env, 'PASSWORD_HASH_PROFILE', ['owasp', 'test'] as const);
  if (profile === 'test' && production) {
    fail('PASSWORD_HASH_PROFILE', '"owasp" when NODE_ENV=production');
  }
  return profile === 'test' ? TEST_ARGON2 : OWASP_ARGON2;
}

// proxy-addr's names for whole ranges, as Fastify's trustProxy takes them.
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** `true` would believe any client's X-Forwarded-For; only named proxies are trusted. */
function readTrustProxy(env: Env): string[] {
  const raw = readString(env, 'TRUST_PROXY');
  if (raw === undefined || raw === 'false') return [];
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const prefixOk =
      prefix === undefined ||
      (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (isIPv6(address) ? 128 : 32));
    const known = PROXY_RANGE_NAMES.includes(entry) || (isIP(address) !== 0 && prefixOk);
    if (!known || rest.length > 0) {
      fail('TRUST_PROXY', 'the proxies\' addresses: IPs or CIDRs separated by commas (not "true")');
    }
  }
  return entries;
}

function readPublicUrl(env: Env): string | undefined {
  const raw = readString(env, 'PUBLIC_URL');
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    fail('PUBLIC_URL', 'an http:// or https:// address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    fail('PUBLIC_URL', 'an http:// or https:// address');
  }
  return url.href.replace(/\/+$/, '');
}

export function loadConfig(env: Env): Config {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(readString(env, 'DATA_DIR') ?? './data');
  const day = 24 * 60 * 60;
  const logLevel = readString(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) fail('LOG_LEVEL', `one of ${LOG_LEVELS.join(', ')}`);

  return {
    port: readInt(env, 'PORT', 8080, 0, 65535),
    publicUrl: readPublicUrl(env),
    host: readString(env, 'HOST') ?? 'localhost',
    production,
    dataDir,
    distDir: path.resolve(readString(env, 'DIST_DIR') ?? './dist'),
    database: readDatabase(env, dataDir),
    redis: readRedis(env),
    mail: readMail(env, dataDir, production),
    sessionTtlSeconds: readInt(env, 'SESSION_TTL_SECONDS', 7 * day, 1, 365 * day),
    sessionsMaxPerAccount: readInt(env, 'SESSIONS_MAX_PER_ACCOUNT', 50, 1, 10_000),
    requestTimeoutSeconds: readInt(env, 'REQUEST_TIMEOUT_SECONDS', 15, 1, 600),
    maxConnections: readInt(env, 'MAX_CONNECTIONS', 1024, 1, 1_000_000),
    passwordHashBounds: {
      // One core stays free for the event loop (verify, the app's files).
      concurrency: readInt(
        env,
        'PASSWORD_HASH_CONCURRENCY',
        Math.min(4, Math.max(1, os.availableParallelism() - 1)),
        1,
        64,
      ),
      queue: readInt(env, 'PASSWORD_HASH_QUEUE', 64, 0, 10_000),
    },
    activationCodeTtlSeconds: readInt(env, 'ACTIVATION_CODE_TTL_SECONDS', 15 * 60, 1, day),
    activationMaxAttempts: readInt(env, 'ACTIVATION_MAX_ATTEMPTS', 5, 1, 100),
    rateLimits: {
      signupMax: readInt(env, 'RATE_LIMIT_SIGNUP_MAX', 20, 1, 1_000_000),
      signupWindowSeconds: readInt(env, 'RATE_LIMIT_SIGNUP_WINDOW_SECONDS', 600, 1, day),
      loginFailuresMax: readInt(env, 'RATE_LIMIT_LOGIN_FAILURES_MAX', 10, 1, 1_000_000),
      loginFailuresWindowSeconds: readInt(
        env,
        'RATE_LIMIT_LOGIN_FAILURES_WINDOW_SECONDS',
        900,
        1,
        day,
      ),
      loginFailuresPerAddressMax: readInt(
        env,
        'RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS_MAX',
        50,
        1,
        1_000_000,
      ),
      loginFailuresPerEmailMax: readInt(
        env,
        'RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_MAX',
        100,
        1,
        1_000_000,
      ),
      loginFailuresPerEmailWindowSeconds: readInt(
        env,
        'RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_WINDOW_SECONDS',
        3600,
        1,
        day,
      ),
      resendWindowSeconds: readInt(env, 'RATE_LIMIT_RESEND_WINDOW_SECONDS', 60, 1, day),
      codeGuessesPerTargetMax: readInt(env, 'CODE_GUESSES_PER_TARGET_MAX', 20, 1, 1_000_000),
      codeGuessesPerAddressMax: readInt(env, 'CODE_GUESSES_PER_ADDRESS_MAX', 50, 1, 1_000_000),
      codeGuessesPerAddressWindowSeconds: readInt(
        env,
        'CODE_GUESSES_PER_ADDRESS_WINDOW_SECONDS',
        3600,
        1,
        day,
      ),
      mailPerRecipientHourMax: readInt(env, 'MAIL_PER_RECIPIENT_HOUR_MAX', 5, 1, 1_000_000),
      mailPerRecipientDayMax: readInt(env, 'MAIL_PER_RECIPIENT_DAY_MAX', 20, 1, 1_000_000),
      changeEmailMax: readInt(env, 'RATE_LIMIT_CHANGE_EMAIL_MAX', 5, 1, 1_000_000),
      changeEmailWindowSeconds: readInt(
        env,
        'RATE_LIMIT_CHANGE_EMAIL_WINDOW_SECONDS',
        3600,
        1,
        day,
      ),
      resetRequestsPerAddressMax: readInt(
        env,
        'RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS_MAX',
        20,
        1,
        1_000_000,
      ),
      resetRequestsPerAddressWindowSeconds: readInt(
        env,
        'RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS_WINDOW_SECONDS',
        3600,
        1,
        day,
      ),
      logUploadsMax: readInt(env, 'RATE_LIMIT_LOG_UPLOADS_MAX', 5, 1, 1_000_000),
      logUploadsWindowSeconds: readInt(env, 'RATE_LIMIT_LOG_UPLOADS_WINDOW_SECONDS', 3600, 1, day),
    },
    passwordHash: readPasswordHash(env, production),
    logLevel,
    trustProxy: readTrustProxy(env),
  };
}
