// A notice to an account that how it signs in changed (its password, its second factor, a
// passkey): mailed in the change's own transaction, in the request's language, with the link to
// reset the password for an owner who did not make the change.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';

import { ROUTES } from '../../contract/routes';
import type { Database } from '../db/schema';
import { mailLanguage, type MailLanguage } from './language';
import type { MailContent } from './messages';

export async function mailChangeNotice(
  trx: Kysely<Database>,
  request: FastifyRequest,
  user: { name: string; email: string },
  message: (language: MailLanguage, name: string, resetLink: string) => MailContent,
): Promise<void> {
  const { link, mail } = request.server;
  const resetLink = link(ROUTES.resetPassword, { email: user.email });
  const language = mailLanguage(request.headers['accept-language']);
  await mail.send(trx, { to: user.email, ...message(language, user.name, resetLink) });
}
