// What an account's owner is told when support changed it (locked, unlocked, signed out,
// deleted). The server keeps no account's language and the operator's is not the owner's, so the
// notice says it in every language of the product, one after the other.
import { INTL_LANGUAGES } from '../../contract/languages';
import { composeMail, tableMail, type MailContent } from './messages';
import { timeText } from './notice';
import type { MailKind } from './texts/en';

export type SupportNotice = Extract<
  MailKind,
  | 'accountLockedBySupport'
  | 'accountUnlockedBySupport'
  | 'sessionsEndedBySupport'
  | 'accountDeletedBySupport'
>;

export function supportNoticeMail(
  kind: SupportNotice,
  values: { name: string; atMs: number; support: string; count?: number },
): MailContent {
  const each = INTL_LANGUAGES.map((language) =>
    tableMail(language, kind, {
      name: values.name,
      time: timeText(language, values.atMs),
      support: values.support,
      count: values.count ?? 0,
    }),
  );
  return composeMail(
    'en',
    each.map((mail) => mail.subject).join(' · '),
    each.flatMap((mail) => mail.text.split('\n\n')),
  );
}
