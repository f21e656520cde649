// Every language's mail texts, by the language's Intl locale (contract/languages.ts): one file per
// language beside this one, the same entries as en.ts.
import type { MailLanguage } from '../language';
import { en, enDevice, type MailKind, type MailText } from './en';
import { km, kmDevice } from './km';

export interface MailWords {
  mails: Record<MailKind, MailText>;
  /** How a notice names a device (./notice.ts). */
  device: typeof enDevice;
}

export const MAIL_WORDS: Record<MailLanguage, MailWords> = {
  en: { mails: en, device: enDevice },
  km: { mails: km, device: kmDevice },
};
