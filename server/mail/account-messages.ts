// The mails of account self-service (password reset, password and email changes, the second
// factor, passkeys, deletion, sign-ins), from the message tables (texts/), each as text and HTML.
// A security notice goes to the account's confirmed address: it greets its owner by name and says
// from which device and when (./notice.ts).
import type { MailLanguage } from './language';
import { tableMail, type MailContent } from './messages';
import type { NoticeValues } from './notice';

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
  notice: NoticeValues,
  resetLink: string,
): MailContent {
  return tableMail(language, 'passwordChanged', { ...notice }, resetLink);
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
  notice: NoticeValues,
  resetLink: string,
): MailContent {
  return tableMail(language, 'emailChangeRequested', { ...notice }, resetLink);
}

/**
 * To an address that has an account: by its owner's name once that account is activated (the
 * address is confirmed), fixed text otherwise.
 */
export function emailTakenMail(
  language: MailLanguage,
  loginLink: string,
  owner: string | undefined,
): MailContent {
  return owner === undefined
    ? tableMail(language, 'emailTaken', {}, loginLink)
    : tableMail(language, 'emailTakenOwner', { name: owner }, loginLink);
}

/** To the old address; `support` is SUPPORT_CONTACT, for an owner who did not make the change. */
export function emailChangedMail(
  language: MailLanguage,
  notice: NoticeValues,
  newEmail: string,
  support: string,
): MailContent {
  return tableMail(language, 'emailChanged', { ...notice, newEmail, support });
}

/** The second factor was turned on (`on`) or off; the link resets the password. */
export function secondFactorChangedMail(
  language: MailLanguage,
  notice: NoticeValues,
  on: boolean,
  resetLink: string,
): MailContent {
  return tableMail(language, on ? 'secondFactorOn' : 'secondFactorOff', { ...notice }, resetLink);
}

/**
 * A passkey named `passkey` was added (with `passkeysLink`, where it is removed) or removed; the
 * button resets the password.
 */
export function passkeyChangedMail(
  language: MailLanguage,
  notice: NoticeValues,
  passkey: string,
  change: { added: true; passkeysLink: string } | { added: false },
  resetLink: string,
): MailContent {
  return change.added
    ? tableMail(
        language,
        'passkeyAdded',
        { ...notice, passkey, passkeysLink: change.passkeysLink },
        resetLink,
      )
    : tableMail(language, 'passkeyRemoved', { ...notice, passkey }, resetLink);
}

/** A provider was connected (`providerEmail`: the email it gave) or disconnected. */
export function providerChangedMail(
  language: MailLanguage,
  notice: NoticeValues,
  provider: string,
  change: { connected: true; providerEmail: string } | { connected: false },
  resetLink: string,
): MailContent {
  return change.connected
    ? tableMail(
        language,
        'providerConnected',
        { ...notice, provider, providerEmail: change.providerEmail },
        resetLink,
      )
    : tableMail(language, 'providerDisconnected', { ...notice, provider }, resetLink);
}

export function accountDeletedMail(language: MailLanguage, notice: NoticeValues): MailContent {
  return tableMail(language, 'accountDeleted', { ...notice });
}

/** A recovery code signed in; `left` are still live. The link resets the password. */
export function recoveryCodeUsedMail(
  language: MailLanguage,
  notice: NoticeValues,
  left: number,
  resetLink: string,
): MailContent {
  return tableMail(language, 'recoveryCodeUsed', { ...notice, left }, resetLink);
}

/** A session opened on a device the account had not been used on; the link resets the password. */
export function newDeviceMail(
  language: MailLanguage,
  notice: NoticeValues,
  resetLink: string,
): MailContent {
  return tableMail(language, 'newDevice', { ...notice }, resetLink);
}
