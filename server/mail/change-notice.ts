// A notice to an account that how it signs in changed (its password, its second factor, a
// passkey) or that it was signed in to (a recovery code, a new device): mailed in the change's
// own transaction, in the request's language, by the owner's name, saying from which device and
// when, with the link to reset the password for an owner who did not make the change.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';

import { ROUTES } from '../../contract/routes';
import type { Database } from '../db/schema';
import { mailLanguage, type MailLanguage } from './language';
import type { MailContent } from './messages';
import { noticeValues, originOf, type NoticeValues } from './notice';

export async function mailChangeNotice(
  trx: Kysely<Database>,
  request: FastifyRequest,
  user: { name: string; email: string },
  message: (language: MailLanguage, notice: NoticeValues, resetLink: string) => MailContent,
): Promise<void> {
  const { link, mail } = request.server;
  const language = mailLanguage(request.headers['accept-language']);
  const resetLink = link(ROUTES.resetPassword, { email: user.email }, language);
  const notice = noticeValues(language, user.name, originOf(request));
  await mail.send(trx, { to: user.email, ...message(language, notice, resetLink) });
}
