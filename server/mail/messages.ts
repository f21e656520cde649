// The account emails, in English and Khmer, each as text and as HTML. A mail about a code carries
// a link to the view that takes it, with `?email=` and `?code=` filled.
import { mailNumber, type MailLanguage } from './language';

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
    `<body style="font-family:system-ui,'Noto Sans Khmer',sans-serif;font-size:16px;line-height:1.6;color:#111827;max-width:560px;margin:0 auto;padding:24px">` +
    `${htmlParagraphs.join('')}</body></html>`;
  return { subject, text: textParts.join('\n\n'), html, link: link?.href };
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
  if (language === 'km') {
    return composeMail(
      language,
      `លេខកូដបើកដំណើរការគណនីរបស់អ្នក៖ ${code}`,
      [
        'សួស្តី',
        `លេខកូដបើកដំណើរការគណនីរបស់អ្នកគឺ ${code}។ វាមានសុពលភាព ${mailNumber(language, minutes)} នាទី ហើយប្រើបានតែម្តងប៉ុណ្ណោះ។`,
        'ប្រសិនបើអ្នកមិនបានចុះឈ្មោះទេ សូមមិនអើពើនឹងសារនេះ។',
      ],
      { href: link, label: 'បើកដំណើរការគណនី' },
    );
  }
  return composeMail(
    language,
    `Your activation code: ${code}`,
    [
      'Hello,',
      `Your activation code is ${code}. It is valid for ${minutes} minutes and can be used once.`,
      'If you did not sign up, you can ignore this message.',
    ],
    { href: link, label: 'Activate your account' },
  );
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
  if (language === 'km') {
    return composeMail(
      language,
      `បញ្ចប់ការចុះឈ្មោះ៖ លេខកូដបើកដំណើរការគណនីរបស់អ្នក ${code}`,
      [
        'សួស្តី',
        'មាននរណាម្នាក់បានស្នើសុំកំណត់ពាក្យសម្ងាត់ឡើងវិញសម្រាប់អ៊ីមែលនេះ ប៉ុន្តែគណនីរបស់វាមិនទាន់បានបើកដំណើរការនៅឡើយទេ។',
        `ដើម្បីបញ្ចប់ការចុះឈ្មោះ សូមបញ្ចូលលេខកូដបើកដំណើរការ ${code} ហើយជ្រើសរើសពាក្យសម្ងាត់ថ្មី។ វាមានសុពលភាព ${mailNumber(language, minutes)} នាទី ហើយប្រើបានតែម្តងប៉ុណ្ណោះ។`,
        'ប្រសិនបើអ្នកមិនបានស្នើសុំទេ សូមមិនអើពើនឹងសារនេះ។',
      ],
      { href: link, label: 'ជ្រើសរើសពាក្យសម្ងាត់ ហើយបើកដំណើរការគណនី' },
    );
  }
  return composeMail(
    language,
    `Finish signing up: your activation code ${code}`,
    [
      'Hello,',
      'Someone asked to reset the password for this email address, but its account is not activated yet.',
      `To finish signing up, enter the activation code ${code} and choose a new password. It is valid for ${minutes} minutes and can be used once.`,
      'If you did not ask for it, you can ignore this message.',
    ],
    { href: link, label: 'Choose a password and activate' },
  );
}

/** Fixed text only: a stranger's sign-up caused it, so it names no one. */
export function existingAccountMail(language: MailLanguage, loginLink: string): MailContent {
  if (language === 'km') {
    return composeMail(
      language,
      'មាននរណាម្នាក់បានព្យាយាមចុះឈ្មោះដោយប្រើអ៊ីមែលរបស់អ្នក',
      [
        'សួស្តី',
        'មាននរណាម្នាក់បានព្យាយាមបង្កើតគណនីថ្មីដោយប្រើអ៊ីមែលនេះ ប៉ុន្តែអ៊ីមែលនេះមានគណនីរួចហើយ។ ' +
          'ប្រសិនបើជាអ្នក សូមចូលគណនីរបស់អ្នក ឬស្នើសុំលេខកូដថ្មី ប្រសិនបើគណនីមិនទាន់បើកដំណើរការ។',
        'ប្រសិនបើមិនមែនជាអ្នកទេ សូមមិនអើពើនឹងសារនេះ។ គណនីរបស់អ្នកមិនមានការផ្លាស់ប្តូរទេ។',
      ],
      { href: loginLink, label: 'ចូលគណនី' },
    );
  }
  return composeMail(
    language,
    'Someone tried to sign up with your email',
    [
      'Hello,',
      'Someone tried to create an account with this email address, which already has one. ' +
        'If it was you, log in, or ask for a new activation code if the account is not active yet.',
      'If it was not you, you can ignore this message: nothing has changed in your account.',
    ],
    { href: loginLink, label: 'Log in' },
  );
}
