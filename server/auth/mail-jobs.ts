// The account flows' mail jobs. The request that stores one does the same work whatever the email
// (checks, limits, one row); the job, run by the mail worker off the request's thread, is where it
// is found out whether the email has an account and what, if anything, to mail. So neither an
// answer nor the request after it tells a known email from an unknown one.
import { randomUUID } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import * as v from 'valibot';

import { INTL_LANGUAGES } from '../../contract/languages';
import { LINK_QUERY, ROUTES } from '../../contract/routes';
import type { Database } from '../db/schema';
import {
  emailChangeCodeMail,
  emailChangeRequestedMail,
  emailTakenMail,
  passwordResetMail,
} from '../mail/account-messages';
import { defineJob, type JobContext, type MailJob } from '../mail/jobs';
import type { MailLanguage } from '../mail/language';
import { activationMail, existingAccountMail, finishSignupMail } from '../mail/messages';
import { noticeValues } from '../mail/notice';
import type { MailMessage } from '../mail/transport';
import { addRegistration } from '../repo/registrations';
import { findAccountCode, replaceAccountCode } from './account-codes';
import { replaceActivationCode } from './activation-codes';
import { newMailedCode } from './secrets';
import { createAccount, findUserByEmail } from './users';

const Language = v.picklist(INTL_LANGUAGES);
/** False once the address had its hour's or day's mail (absent in jobs stored before the cap). */
const MayMail = v.optional(v.boolean());

/**
 * A fresh activation code, stored as its HMAC, and the mail that carries it; `choosePassword` for
 * a visitor who forgot the password chosen at sign-up (the link opens the new-password step).
 */
function newActivationMail(
  { config, clock, link }: JobContext,
  to: { email: string; name: string; language: MailLanguage },
  choosePassword = false,
) {
  const { code, linkToken, salt, codeHash } = newMailedCode();
  const ttl = config.activationCodeTtlSeconds;
  const stored = { codeHash, salt, expiresAt: clock.nowSeconds() + ttl };
  const minutes = Math.ceil(ttl / 60);
  const query = {
    [LINK_QUERY.email]: to.email,
    [LINK_QUERY.code]: code,
    [LINK_QUERY.token]: linkToken,
    ...(choosePassword ? { [LINK_QUERY.choosePassword]: '1' } : {}),
  };
  const href = link(ROUTES.activation, query, to.language);
  const content = choosePassword
    ? finishSignupMail(to.language, code, minutes, href)
    : activationMail(to.language, code, minutes, href);
  const message: MailMessage = { to: to.email, ...content, code };
  return { stored, message };
}

/**
 * A sign-up: creates the account, or records a later sign-up for a pending one (with a new code),
 * or tells an activated account's owner.
 */
export const signupJob = defineJob(
  'signup',
  v.object({
    name: v.string(),
    email: v.string(),
    passwordHash: v.string(),
    language: Language,
    mayMail: MayMail,
  }),
  async (trx, job, context) => {
    // Over the address's mail cap nothing is mailed and the current code stays as it is.
    const mayMail = job.mayMail !== false;
    const { stored, message } = newActivationMail(context, job);
    const created = await createAccount(trx, {
      user: {
        id: randomUUID(),
        email: job.email,
        name: job.name,
        password_hash: job.passwordHash,
        created_at: new Date(context.clock.nowMs()).toISOString(),
      },
      code: stored,
    });
    if (created) return mayMail ? [message] : [];
    const existing = await findUserByEmail(trx, job.email);
    if (!existing) return [];
    if (existing.activated_at === null) {
      // Not activated yet: this sign-up keeps its own password, and only the holder of the
      // emailed code who also knows one of these passwords can activate.
      await addRegistration(trx, {
        id: randomUUID(),
        user_id: existing.id,
        name: job.name,
        password_hash: job.passwordHash,
        created_at: context.clock.nowMs(),
      });
      if (!mayMail) return [];
      await replaceActivationCode(trx, existing.id, stored);
      return [message];
    }
    if (!mayMail) return [];
    // Only the owner of the address learns of the attempt.
    // The address's owner, by the name of the account (never the one this sign-up typed).
    const notice = existingAccountMail(
      job.language,
      context.link('/login', {}, job.language),
      existing.name,
    );
    return [{ to: job.email, ...notice }];
  },
);

/** A new activation code for a pending account; nothing for any other email. */
export const resendActivationJob = defineJob(
  'resend-activation',
  v.object({ email: v.string(), language: Language, mayMail: MayMail }),
  async (trx, job, context) => {
    const user = await findUserByEmail(trx, job.email);
    // Over the address's mail cap, nothing changes.
    if (!user || user.activated_at !== null || job.mayMail === false) return [];
    const { stored, message } = newActivationMail(context, { ...job, name: user.name });
    await replaceActivationCode(trx, user.id, stored);
    return [message];
  },
);

/**
 * A reset code for an activated account; for a pending one, its activation code with a way to
 * choose a new password (the sign-up password was forgotten); nothing otherwise.
 */
export const passwordResetJob = defineJob(
  'password-reset',
  v.object({
    email: v.string(),
    language: Language,
    mayMail: MayMail,
    /** When the request was sent, Unix ms (absent in older jobs): the funnel's reset start. */
    requestedAtMs: v.optional(v.number()),
  }),
  async (trx, job, context) => {
    const user = await findUserByEmail(trx, job.email);
    // Over the address's mail cap, nothing changes.
    if (!user || job.mayMail === false) return [];
    if (user.activated_at === null) {
      const { stored, message } = newActivationMail(context, { ...job, name: user.name }, true);
      await replaceActivationCode(trx, user.id, stored);
      return [message];
    }
    const { code, linkToken, salt, codeHash } = newMailedCode();
    const ttl = context.config.activationCodeTtlSeconds;
    await replaceAccountCode(trx, user.id, 'password-reset', {
      codeHash,
      salt,
      expiresAt: context.clock.nowSeconds() + ttl,
      requestedAt: job.requestedAtMs ?? null,
    });
    const link = context.link(
      ROUTES.resetPassword,
      { [LINK_QUERY.email]: user.email, [LINK_QUERY.code]: code, [LINK_QUERY.token]: linkToken },
      job.language,
    );
    const mail = passwordResetMail(job.language, user.name, code, Math.ceil(ttl / 60), link);
    return [{ to: user.email, ...mail, code }];
  },
);

/**
 * A code to the new address of a pending email change (or, when that address has an account, a
 * mail saying so), and a notice to the old address.
 */
export const emailChangeJob = defineJob(
  'email-change',
  v.object({
    userId: v.string(),
    newEmail: v.string(),
    language: Language,
    /** Whether the new and the old address are within their mail cap. */
    mayMail: v.optional(v.tuple([v.boolean(), v.boolean()])),
    /** A new code for the pending change: no notice to the old address this time. */
    resend: v.optional(v.boolean()),
    /** The request's device and moment, for the old address's notice (absent in older jobs). */
    origin: v.optional(v.object({ userAgent: v.string(), atMs: v.number() })),
  }),
  async (trx, job, { config, clock, link }) => {
    const origin = job.origin ?? { userAgent: '', atMs: clock.nowMs() };
    const user = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', job.userId)
      .executeTakeFirst();
    if (!user) return [];
    if (job.newEmail === user.email) return [];
    // Cancelled, or replaced by another change, since the request: nothing to send.
    const pending = await findAccountCode(trx, user.id, 'email-change');
    if (pending?.new_email !== job.newEmail) return [];
    // Over an address's mail cap, its mail is not sent (and for the new address, no code
    // replaces the one the account may already have).
    const mayMailNew = job.mayMail?.[0] !== false;
    const mayMailOld = job.mayMail?.[1] !== false;
    const reset = link(ROUTES.resetPassword, { email: user.email }, job.language);
    const oldNotice =
      mayMailOld && !job.resend
        ? [
            {
              to: user.email,
              ...emailChangeRequestedMail(
                job.language,
                noticeValues(job.language, user.name, origin),
                reset,
              ),
            },
          ]
        : [];
    if (!mayMailNew) return oldNotice;
    const holder = await findUserByEmail(trx, job.newEmail);
    if (holder) {
      const owner = holder.activated_at === null ? undefined : holder.name;
      const taken = emailTakenMail(job.language, link('/login', {}, job.language), owner);
      return [{ to: job.newEmail, ...taken }, ...oldNotice];
    }
    const { code, linkToken, salt, codeHash } = newMailedCode();
    const ttl = config.activationCodeTtlSeconds;
    await replaceAccountCode(
      trx,
      user.id,
      'email-change',
      { codeHash, salt, expiresAt: clock.nowSeconds() + ttl },
      job.newEmail,
    );
    const href = link(
      ROUTES.home,
      { [LINK_QUERY.emailCode]: code, [LINK_QUERY.token]: linkToken },
      job.language,
    );
    const mail = emailChangeCodeMail(job.language, code, Math.ceil(ttl / 60), href);
    return [{ to: job.newEmail, ...mail, code }, ...oldNotice];
  },
);

/** Every job kind the worker runs. */
export const ACCOUNT_JOBS = [signupJob, resendActivationJob, passwordResetJob, emailChangeJob];

/**
 * What the request of an account flow does once its checks and limits passed: stores its job and
 * its accepted event in one transaction (so its 201 or 202 means both are stored), after `first`
 * where the request changes something itself, and has the worker start on the job after the
 * answer.
 */
export async function storeJob<Payload>(
  request: FastifyRequest,
  reply: FastifyReply,
  job: MailJob<Payload>,
  payload: Payload,
  first?: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  const { db, mail, authEvents } = request.server;
  await db.transaction().execute(async (trx) => {
    await first?.(trx);
    await mail.enqueue(trx, job, payload);
    await authEvents.accepted(trx, request);
  });
  mail.kickAfter(reply);
}
