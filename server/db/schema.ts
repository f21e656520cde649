// Table shapes as Kysely sees them. Times are Unix seconds, except createdAt texts (ISO-8601).
import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  activated_at: number | null;
  created_at: string;
  /** When the command line made the user an operator (migration 019); null: not one. */
  operator_at: number | null;
  /** When an operator locked the account (migration 019); null: not locked. */
  locked_at: number | null;
}

export interface ActivationCodesTable {
  user_id: string;
  code_hash: string;
  salt: string;
  expires_at: number;
  attempts: Generated<number>;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  expires_at: number;
  created_at: number;
  /** Public: what the session list and DELETE sessions/:id use; never the token. */
  id: string | null;
  last_used_at: Generated<number>;
  user_agent: Generated<string>;
  /** How the session was opened (migration 010). */
  opened_by: Generated<SessionOpener>;
  /** Until when it is confirmed for sensitive changes (migration 018); null when it is not. */
  confirmed_until: number | null;
  /** How the last confirmation was made (migration 019); null before one. */
  confirmed_by: SessionConfirmer | null;
}

export type SessionConfirmer = 'password' | 'second-factor' | 'passkey' | 'provider';

export type SessionOpener =
  'password' | 'passkey' | 'password+totp' | 'password+recovery' | `provider:${string}`;

/** A user's second factor (migration 010): an authenticator app's secret, on once confirmed. */
export interface SecondFactorsTable {
  user_id: string;
  /** AES-256-GCM of the base32 secret (server/auth/second-factor.ts), never the secret itself. */
  secret: string;
  /** When it was turned on; null while its setup waits for a first code. */
  enabled_at: number | null;
  /** The last time step whose code was accepted: that one and every earlier one are refused. */
  last_step: number | null;
  created_at: number;
}

/** A single-use recovery code of a user, as SHA-256. */
export interface RecoveryCodesTable {
  user_id: string;
  code_hash: string;
}

/** A login whose password was right, waiting for its second step; the token as SHA-256. */
export interface PendingLoginsTable {
  token_hash: string;
  user_id: string;
  expires_at: number;
  /** What the second step opens the session as after a provider (migration 020); null: a password. */
  opened_by: `provider:${string}` | null;
}

/** An identity at an OpenID Connect provider, connected to one account (migration 020). */
export interface OidcIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  provider_id: string;
  email: string;
  created_at: number;
}

export type OidcIntent = 'login' | 'connect' | 'confirm';

/** A provider flow started, not yet finished (migration 020); no secret of it in the clear. */
export interface OidcFlowsTable {
  state_hash: string;
  browser_hash: string;
  provider_id: string;
  intent: OidcIntent;
  return_to: string | null;
  user_id: string | null;
  session_hash: string | null;
  expires_at: number;
  called_back_at: number | null;
  handoff_hash: string | null;
  handoff_expires_at: number | null;
  issuer: string | null;
  subject: string | null;
  email: string | null;
  email_verified: number | null;
  name: string | null;
}

/** A user's passkey (migration 011): a WebAuthn credential. */
export interface PasskeysTable {
  /** Public: what the passkey list and PATCH/DELETE passkeys/:id use; never the credential id. */
  id: string;
  user_id: string;
  /** The credential's id as the browser names it (base64url); unique across accounts. */
  credential_id: string;
  /** The credential's public key, COSE-encoded, in base64url. */
  public_key: string;
  /** The authenticator's signature counter last seen (0 for one that keeps none). */
  counter: number;
  /** JSON array of the transports the browser reported (usb, internal, hybrid, …). */
  transports: string;
  name: string;
  /** 'singleDevice' or 'multiDevice' (synced), as registered. */
  device_type: string;
  /** 1 when the credential was backed up (synced) at its last use. */
  backed_up: number;
  created_at: number;
  /** The last sign-in with it; null before the first. */
  last_used_at: number | null;
}

export type PasskeyChallengePurpose = 'registration' | 'login' | 'confirmation';

/** A WebAuthn challenge handed out, not yet answered (migration 011): SHA-256 of it, used once. */
export interface PasskeyChallengesTable {
  challenge_hash: string;
  purpose: PasskeyChallengePurpose;
  /** A registration's or a confirmation's account; null for a sign-in's. */
  user_id: string | null;
  /**
   * A registration's or a confirmation's session (SHA-256 of its token, as
   * `sessions.token_hash`); null for a sign-in's.
   */
  session_hash: string | null;
  expires_at: number;
}

export type AccountCodePurpose = 'password-reset' | 'email-change';

export interface AccountCodesTable {
  user_id: string;
  purpose: AccountCodePurpose;
  code_hash: string;
  salt: string;
  expires_at: number;
  /** The address an email change moves to. */
  new_email: string | null;
  /** Unix ms of the request that asked for a reset code (migration 020); null otherwise. */
  requested_at: number | null;
}

export interface RegistrationsTable {
  id: string;
  user_id: string;
  name: string;
  password_hash: string;
  created_at: number;
}

/**
 * A sign-up as its request stored it (migration 014), whatever the email: a login with its password
 * answers ACCOUNT_NOT_ACTIVATED. Kept until the email's account is activated or deleted, the newest
 * MAX_REGISTRATIONS_PER_EMAIL per email.
 */
export interface PendingSignupsTable {
  id: string;
  email: string;
  password_hash: string;
  /** HMAC of the client address that signed up (as `auth_events.address_hash`). */
  address_hash: string;
  /** Unix ms. */
  created_at: number;
}

/** A device an account was signed in to from (migration 015): `browser|system`, as named. */
export interface KnownDevicesTable {
  user_id: string;
  device: string;
  last_seen_at: number;
}

export interface MailQueueTable {
  /** Sortable: time stored, then a sequence. */
  id: string;
  /** 'message', or the job kind whose handler decides what to mail. */
  kind: string;
  /** JSON: the message, or the job's data. */
  payload: string;
  attempts: number;
  /** Unix ms: due from then (a claim or a failure moves it on). */
  available_at: number;
  created_at: number;
  last_error: string | null;
  /** Unix ms: when the row was set aside, as one that can never be sent; null while it is tried. */
  set_aside_at: number | null;
}

export interface ActionLogsTable {
  /** What the visitor quotes to support, e.g. K7QF-92XD. */
  reference: string;
  /** The uploader when signed in; null for a guest. */
  user_id: string | null;
  created_at: number;
  /** Bytes of the log's text (`action_log_bodies`). */
  size: number;
  // The index, worked out as it is stored (contract/action-log-index.ts); null for an upload the
  // index could not read.
  /** The log's first action, Unix ms. */
  started_at: number | null;
  duration_ms: number | null;
  app_version: string | null;
  locale: string | null;
  /** 'mobile', 'tablet' or 'desktop', from the sender's User-Agent. */
  device: string | null;
  /** 1 when the log says a session was open at some point, else 0. */
  signed_in: number | null;
  last_path: string | null;
  /**
   * What `--failed` finds, space-separated with a space at each end: each failure as
   * `endpoint:CODE` and `CODE`, each field code within it as `endpoint:CODE` and `CODE`
   * (` verifyAccount:INVALID_CODE INVALID_CODE `).
   */
  failure_codes: string | null;
  reloads: number | null;
  /** JSON: the accounts it is tied to, failures with counts, funnel and visits (StoredSummary). */
  summary: string | null;
  /** Which version of the index the columns hold (ACTION_LOG_INDEX_VERSION); 0: none yet. */
  index_version: Generated<number>;
}

/** The log's text of an upload (store/actionLog/README.md), beside its narrow row (migration 016). */
export interface ActionLogBodiesTable {
  reference: string;
  body: string;
}

/**
 * The accounts an upload is tied to: the session that sent it, and those the server saw this
 * tab's log id use a session of. Deleting any of them deletes the upload (migrations 008, 016).
 */
export interface ActionLogUsersTable {
  reference: string;
  user_id: string;
}

/**
 * What the server decided on an account request (migration 009, server/auth/auth-event-queries.ts):
 * never a secret, the client address only as an HMAC.
 */
export interface AuthEventsTable {
  id: string;
  /** Unix ms, the server's clock. */
  time: number;
  /** The endpoint's name in contract/endpoints.ts. */
  event: string;
  outcome: 'accepted' | 'refused';
  status: number;
  /** The refusal's error code; a VALIDATION's field codes follow it (`VALIDATION password:INCORRECT`). */
  code: string | null;
  /** The request limit that refused, or the one closest to refusing among those drawn. */
  limit_name: string | null;
  /** Tries left on it after this request. */
  limit_left: number | null;
  limit_points: number | null;
  user_id: string | null;
  /** The session's public id (`sessions.id`). */
  session_id: string | null;
  /** HMAC-SHA-256 of the client address with the deployment's `address-hmac` secret. */
  address_hash: string;
  /**
   * The email the request named (its body's `email`, normalized), as an HMAC with the same secret
   * under the label `email:` (migration 022); null when it named none.
   */
  email_hash: string | null;
  /** The X-Log-Id and X-Request-Id the app sent, when they are ids. */
  log_id: string | null;
  request_id: string | null;
  /** The operator who acted, on an operator's action (migration 019). */
  operator_id: string | null;
  /**
   * Unix ms when the flow this event completes began (migration 020): an activation's first
   * waiting sign-up, a reset's request. Null otherwise.
   */
  started_at: number | null;
}

/** Secrets this deployment made itself: `address-hmac` (migration 009), `second-factor-key` (010). */
export interface ServerSecretsTable {
  name: string;
  value: string;
}

export interface Database {
  users: UsersTable;
  activation_codes: ActivationCodesTable;
  sessions: SessionsTable;
  registrations: RegistrationsTable;
  pending_signups: PendingSignupsTable;
  known_devices: KnownDevicesTable;
  mail_queue: MailQueueTable;
  action_logs: ActionLogsTable;
  action_log_users: ActionLogUsersTable;
  action_log_bodies: ActionLogBodiesTable;
  account_codes: AccountCodesTable;
  auth_events: AuthEventsTable;
  server_secrets: ServerSecretsTable;
  second_factors: SecondFactorsTable;
  recovery_codes: RecoveryCodesTable;
  pending_logins: PendingLoginsTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  oidc_identities: OidcIdentitiesTable;
  oidc_flows: OidcFlowsTable;
}
