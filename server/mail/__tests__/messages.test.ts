// The words of the mails, in both languages: numbers in a Khmer sentence are written in Khmer
// digits, the code as sent; plurals read right; every mail of one table has its twin in the other.
import { INTL_LANGUAGES } from '../../../contract/languages';
import { passwordResetMail } from '../account-messages';
import { mailLanguage } from '../language';
import { activationMail, finishSignupMail, tableMail } from '../messages';
import { supportNoticeMail } from '../operator-messages';
import { en, type MailKind, type MailText } from '../texts/en';
import { MAIL_WORDS } from '../texts/index';

const LINK = 'https://accounts.example/user/reset-password?email=a%40b.co&code=791860';
const VALUES = {
  code: '791860',
  minutes: 15,
  name: 'Dara',
  newEmail: 'new@b.co',
  passkey: 'Work laptop',
  passkeysLink: 'https://accounts.example/?section=passkeys',
  time: 'November 29, 2026 at 09:00 ICT',
  device: 'Chrome on Android',
  support: 'help@accounts.example',
  left: 7,
  count: 2,
  provider: 'Work ID',
  providerEmail: 'dara@work.example',
};

it('writes the minutes of a Khmer mail in Khmer digits and the code as it is', () => {
  for (const mail of [
    passwordResetMail('km', 'Dara', '791860', 15, LINK),
    finishSignupMail('km', '791860', 15, LINK),
  ]) {
    expect(mail.text).toContain('១៥ នាទី');
    expect(mail.text).toContain('791860');
    expect(mail.subject).toContain('791860');
  }
});

it('writes numbers in ASCII digits in English, and one minute in the singular', () => {
  expect(passwordResetMail('en', 'Dara', '791860', 15, LINK).text).toContain(
    'valid for 15 minutes',
  );
  expect(activationMail('en', '791860', 1, LINK).text).toContain('valid for 1 minute and');
  expect(activationMail('km', '791860', 1, LINK).text).toContain('មានសុពលភាព ១ នាទី');
});

it('writes the activation mail in English, word for word', () => {
  const mail = activationMail('en', '791860', 15, LINK);
  expect(mail.subject).toBe('Your activation code: 791860');
  expect(mail.text).toBe(
    [
      'Hello,',
      'Your activation code is 791860. It is valid for 15 minutes and can be used once.',
      'If you did not sign up, you can ignore this message.',
      `Activate your account: ${LINK}`,
    ].join('\n\n'),
  );
  expect(mail.link).toBe(LINK);
  expect(mail.html).toContain('<html lang="en">');
});

it('writes the activation mail in Khmer, word for word', () => {
  const mail = activationMail('km', '791860', 15, LINK);
  expect(mail.subject).toBe('លេខកូដបើកដំណើរការគណនីរបស់អ្នក៖ 791860');
  expect(mail.text).toBe(
    [
      'សួស្តី',
      'លេខកូដបើកដំណើរការគណនីរបស់អ្នកគឺ 791860។ វាមានសុពលភាព ១៥ នាទី ហើយប្រើបានតែម្តងប៉ុណ្ណោះ។',
      'ប្រសិនបើអ្នកមិនបានចុះឈ្មោះទេ សូមមិនអើពើនឹងសារនេះ។',
      `បើកដំណើរការគណនី: ${LINK}`,
    ].join('\n\n'),
  );
  expect(mail.html).toContain('<html lang="km">');
});

it.each(Object.keys(en) as MailKind[])(
  'writes %s in every language, with every value filled',
  (kind) => {
    const english: MailText = en[kind];
    for (const language of INTL_LANGUAGES) {
      const text = MAIL_WORDS[language].mails[kind];
      expect(text.paragraphs).toHaveLength(english.paragraphs.length);
      expect(text.button === undefined).toBe(english.button === undefined);
      const mail = tableMail(language, kind, VALUES, LINK);
      expect(mail.subject + mail.text).not.toMatch(/[{}]/);
      expect(mail.text).toContain(kind === 'emailChanged' ? 'new@b.co' : '');
      expect(mail.text).toContain(kind.startsWith('passkey') ? 'Work laptop' : '');
      expect(mail.text).toContain(kind.startsWith('provider') ? 'Work ID' : '');
      // A new passkey's notice says where it is removed.
      expect(mail.text).toContain(kind === 'passkeyAdded' ? VALUES.passkeysLink : '');
    }
  },
);

it('names in the mail exactly what was typed, even ICU syntax', () => {
  expect(passwordResetMail('en', '{code} #', '791860', 15, LINK).text).toContain('Hello {code} #,');
});

it('picks the language from Accept-Language, by Intl locale or pack name', () => {
  expect(mailLanguage('km')).toBe('km');
  expect(mailLanguage('kh')).toBe('km');
  expect(mailLanguage('km-KH,en;q=0.5')).toBe('km');
  expect(mailLanguage('en-US')).toBe('en');
  expect(mailLanguage('fr')).toBe('en');
  expect(mailLanguage(undefined)).toBe('en');
});

it("says support's changes to an account in both languages, one after the other", () => {
  const mail = supportNoticeMail('sessionsEndedBySupport', {
    name: 'Dara',
    atMs: Date.UTC(2026, 10, 29, 2, 0),
    support: 'help@accounts.example',
    count: 3,
  });
  expect(mail.subject).toBe('Support signed your account out · ផ្នែកជំនួយបានចាកចេញពីគណនីរបស់អ្នក');
  expect(mail.text).toContain('Support ended 3 sessions of your account');
  expect(mail.text).toContain('ផ្នែកជំនួយបានបញ្ចប់សម័យ ៣');
  expect(mail.text.match(/help@accounts\.example/g)).toHaveLength(2);
});
