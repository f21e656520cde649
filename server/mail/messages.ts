// The account emails, each as text and as HTML, written from the per-language message tables
// (texts/, one file per language) with intl-messageformat, so plurals read right in every language
// ("valid for 1 minute"). A mail about a code carries a link to the view that takes it, with
// `?email=` and `?code=` filled.
import { IntlMessageFormat } from 'intl-messageformat';

import { WEB_FONTS } from '../../contract/languages';
import { mailLocale, type MailLanguage } from './language';
import type { MailKind } from './texts/en';
import { MAIL_WORDS } from './texts/index';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** The view the mail sends its reader to, when it has one. */
  link?: string;
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The system's fonts, then the web fonts that write every language of the product. */
const FONT_STACK = ['system-ui', ...WEB_FONTS.map((font) => `'${font}'`), 'sans-serif'].join(',');

/**
 * Paragraphs in, one mail out: the HTML part says exactly what the text part says, with the link
 * as a button. Written by hand rather than with a template library: five paragraphs and a link.
 */
export function composeMail(
  language: MailLanguage,
  subject: string,
  paragraphs: string[],
  link?: { href: string; label: string },
): MailContent {
  const textParts = link ? [...paragraphs, `${link.label}: ${link.href}`] : paragraphs;
  const htmlParagraphs = paragraphs.map(
    (paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`,
  );
  if (link) {
    htmlParagraphs.push(
      `<p style="margin:24px 0"><a href="${escapeHtml(link.href)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(link.label)}</a></p>`,
    );
  }
  const html =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:${FONT_STACK};font-size:16px;line-height:1.6;color:#111827;max-width:560px;margin:0 auto;padding:24px">` +
    `${htmlParagraphs.join('')}</body></html>`;
  return { subject, text: textParts.join('\n\n'), html, link: link?.href };
}

type Values = Record<string, string | number>;

const compiled = new Map<string, IntlMessageFormat>();

/** One message of the tables, with its values; numbers in the language's own digits. */
function format(language: MailLanguage, message: string, values: Values): string {
  let formatter = compiled.get(`${language}\u0000${message}`);
  if (!formatter) {
    formatter = new IntlMessageFormat(message, mailLocale(language));
    compiled.set(`${language}\u0000${message}`, formatter);
  }
  return String(formatter.format(values));
}

/** The mail `kind` in `language` from its message table, the link behind its button. */
export function tableMail(
  language: MailLanguage,
  kind: MailKind,
  values: Values,
  href?: string,
): MailContent {
  const text = MAIL_WORDS[language].mails[kind];
  const button = href !== undefined && text.button !== undefined ? text.button : undefined;
  return composeMail(
    language,
    format(language, text.subject, values),
    text.paragraphs.map((paragraph) => format(language, paragraph, values)),
    button === undefined || href === undefined ? undefined : { href, label: button },
  );
}

/**
 * Fixed text only: the address has confirmed nothing yet, so the mail carries no name or other
 * words a stranger could have typed at sign-up.
 */
export function activationMail(
  language: MailLanguage,
  code: string,
  minutes: number,
  link: string,
): MailContent {
  return tableMail(language, 'activation', { code, minutes }, link);
}

/**
 * A password reset asked for an account that is not activated yet: the activation code, with a
 * link to choose a new password with it. Fixed text only: the address has confirmed nothing yet.
 */
export function finishSignupMail(
  language: MailLanguage,
  code: string,
  minutes: number,
  link: string,
): MailContent {
  return tableMail(language, 'finishSignup', { code, minutes }, link);
}

/**
 * A stranger's sign-up with an address that has an account: by the owner's name (never the one
 * the stranger typed) once that account is activated, fixed text while it is not.
 */
export function existingAccountMail(
  language: MailLanguage,
  loginLink: string,
  owner: string | undefined,
): MailContent {
  return owner === undefined
    ? tableMail(language, 'existingAccount', {}, loginLink)
    : tableMail(language, 'existingAccountOwner', { name: owner }, loginLink);
}
