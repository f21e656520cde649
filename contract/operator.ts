// The operator API's messages (features/operator/endpoints.ts): what support reads of a
// user and sends to act on one. Never a password hash, a token, a code or a secret; client
// addresses only as the record keeps them (a keyed hash).
import * as v from 'valibot';

import { OidcConnection } from './oidc';
import { SessionOpenedBy } from './schemas';

/** At most this many users answer a search. */
export const OPERATOR_SEARCH_MAX = 20;
/** Auth events a page of a user's record holds. */
export const OPERATOR_EVENTS_PAGE = 50;

/** `?email=` (the start of an address) or `?id=` (a user's id): one of the two. */
export const OperatorUsersQuery = v.object({
  email: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(254))),
  id: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64))),
});
export const OperatorUserParams = v.object({ id: v.pipe(v.string(), v.maxLength(64)) });
const EventsCursor = v.optional(v.pipe(v.string(), v.regex(/^\d{1,16}~[A-Za-z0-9_-]{1,32}$/)));
/** `?before=` the `next` of the page before (the newest page without it). */
export const OperatorEventsQuery = v.object({ before: EventsCursor });
/**
 * A client address as the operator types it (IPv4 or IPv6): hashed, never stored. Checked by the
 * handler, after the operator gate (a query refused by its schema is answered before the session
 * is read).
 */
export const OperatorAddressEventsQuery = v.object({
  address: v.optional(v.pipe(v.string(), v.maxLength(64))),
  before: EventsCursor,
});
/** An upload's reference (`id`) as a visitor quotes it (any case, with or without the dash). */
export const OperatorUploadParams = v.object({ id: v.pipe(v.string(), v.maxLength(64)) });
/** One session by its public id, or every session of the user without it. */
export const OperatorEndSessionsBody = v.object({
  sessionId: v.optional(v.pipe(v.string(), v.maxLength(64))),
});

/** A user as a search finds them. Times are ISO-8601. */
export const OperatorUserRow = v.object({
  id: v.string(),
  email: v.string(),
  name: v.string(),
  createdAt: v.string(),
  activatedAt: v.nullable(v.string()),
  lockedAt: v.nullable(v.string()),
});
export const OperatorUsersOk = v.object({
  error: v.literal(false),
  users: v.array(OperatorUserRow),
});

export const OperatorUserSummary = v.object({
  ...OperatorUserRow.entries,
  operator: v.boolean(),
  secondFactor: v.boolean(),
  passkeys: v.array(
    v.object({
      id: v.string(),
      name: v.string(),
      createdAt: v.string(),
      lastUsedAt: v.nullable(v.string()),
    }),
  ),
  sessions: v.array(
    v.object({
      id: v.string(),
      openedBy: SessionOpenedBy,
      createdAt: v.string(),
      lastUsedAt: v.string(),
      userAgent: v.string(),
    }),
  ),
  /** The newest way in that opened a session; null when none is on record (kept 30 days). */
  lastSignInAt: v.nullable(v.string()),
  /** The sign-in providers connected to the account, oldest first. */
  providers: v.array(OidcConnection),
});
export const OperatorUserOk = v.object({ error: v.literal(false), user: OperatorUserSummary });

/** One decision of the server's record (server/README.md, auth_events). */
export const OperatorEvent = v.object({
  id: v.string(),
  time: v.string(),
  event: v.string(),
  outcome: v.picklist(['accepted', 'refused']),
  status: v.number(),
  code: v.nullable(v.string()),
  /** The request limit the decision counted against: its name, tries left, and tries in all. */
  limit: v.nullable(v.object({ name: v.string(), left: v.number(), points: v.number() })),
  /** The account the decision was about, when there was one. */
  userId: v.nullable(v.string()),
  sessionId: v.nullable(v.string()),
  /** The client address as the record keeps it: a keyed hash, equal for equal addresses. */
  addressHash: v.string(),
  logId: v.nullable(v.string()),
  requestId: v.nullable(v.string()),
  /** The operator who acted, on an operator's action. */
  operatorId: v.nullable(v.string()),
});
export const OperatorEventsOk = v.object({
  error: v.literal(false),
  events: v.array(OperatorEvent),
  /** `before` of the next (older) page; null on the last. */
  next: v.nullable(v.string()),
});
export const OperatorEndSessionsOk = v.object({ error: v.literal(false), ended: v.number() });

/** An activity log a user's tab sent to support (server/README.md, Activity logs). */
export const OperatorUpload = v.object({
  reference: v.string(),
  createdAt: v.string(),
  size: v.number(),
  appVersion: v.nullable(v.string()),
  locale: v.nullable(v.string()),
  device: v.nullable(v.string()),
  lastPath: v.nullable(v.string()),
});
export const OperatorUploadsOk = v.object({
  error: v.literal(false),
  uploads: v.array(OperatorUpload),
});
/** The upload itself: the log file's text, as the replay page reads it. */
export const OperatorUploadOk = v.object({
  error: v.literal(false),
  reference: v.string(),
  log: v.string(),
});
