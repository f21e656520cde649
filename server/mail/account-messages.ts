// The mails of account self-service (password reset, password and email changes, the second
// factor, passkeys, deletion), from the message tables (texts/), each as text and HTML.
import type { MailLanguage } from './language';
import { tableMail, type MailContent } from './messages';

export function passwordResetMail(
  language: MailLanguage,
  name: string,
  code: string,
  minutes: number,
  link: string,
): MailContent {
  return tableMail(language, 'passwordReset', { name, code, minutes }, link);
}

export function passwordChangedMail(
  language: MailLanguage,
  name: string,
  resetLink: string,
): MailContent {
  return tableMail(language, 'passwordChanged', { name }, resetLink);
}

/**
 * To the new address, which has confirmed nothing: fixed text only, no name. The link opens home
 * with the code filled in, and its token gets the code past a budget strangers spent.
 */
export function emailChangeCodeMail(
  language: MailLanguage,
  code: string,
  minutes: number,
  link: string,
): MailContent {
  return tableMail(language, 'emailChangeCode', { code, minutes }, link);
}

export function emailChangeRequestedMail(
  language: MailLanguage,
  name: string,
  resetLink: string,
): MailContent {
  return tableMail(language, 'emailChangeRequested', { name }, resetLink);
}

export function emailTakenMail(language: MailLanguage, loginLink: string): MailContent {
  return tableMail(language, 'emailTaken', {}, loginLink);
}

export function emailChangedMail(
  language: MailLanguage,
  name: string,
  newEmail: string,
): MailContent {
  return tableMail(language, 'emailChanged', { name, newEmail });
}

/** The second factor was turned on (`on`) or off; the link resets the password. */
export function secondFactorChangedMail(
  language: MailLanguage,
  name: string,
  on: boolean,
  resetLink: string,
): MailContent {
  return tableMail(language, on ? 'secondFactorOn' : 'secondFactorOff', { name }, resetLink);
}

/** A passkey named `passkey` was added (`added`) or removed; the link resets the password. */
export function passkeyChangedMail(
  language: MailLanguage,
  name: string,
  passkey: string,
  added: boolean,
  resetLink: string,
): MailContent {
  return tableMail(
    language,
    added ? 'passkeyAdded' : 'passkeyRemoved',
    { name, passkey },
    resetLink,
  );
}

export function accountDeletedMail(language: MailLanguage, name: string): MailContent {
  return tableMail(language, 'accountDeleted', { name });
}
