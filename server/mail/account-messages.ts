// The mails of account self-service (password reset, password and email changes, deletion), in
// English and Khmer, each as text and HTML.
import { mailNumber, type MailLanguage } from './language';
import { composeMail, type MailContent } from './messages';

export function passwordResetMail(
  language: MailLanguage,
  name: string,
  code: string,
  minutes: number,
  link: string,
): MailContent {
  if (language === 'km') {
    return composeMail(
      language,
      `លេខកូដកំណត់ពាក្យសម្ងាត់ឡើងវិញ៖ ${code}`,
      [
        `សួស្តី ${name}`,
        `លេខកូដសម្រាប់កំណត់ពាក្យសម្ងាត់ថ្មីរបស់អ្នកគឺ ${code}។ វាមានសុពលភាព ${mailNumber(language, minutes)} នាទី ហើយប្រើបានតែម្តងប៉ុណ្ណោះ។`,
        'ប្រសិនបើអ្នកមិនបានស្នើសុំទេ សូមមិនអើពើនឹងសារនេះ៖ ពាក្យសម្ងាត់របស់អ្នកនៅដដែល។',
      ],
      { href: link, label: 'កំណត់ពាក្យសម្ងាត់ថ្មី' },
    );
  }
  return composeMail(
    language,
    `Your password reset code: ${code}`,
    [
      `Hello ${name},`,
      `Your code to choose a new password is ${code}. It is valid for ${minutes} minutes and can be used once.`,
      'If you did not ask for it, you can ignore this message: your password stays as it is.',
    ],
    { href: link, label: 'Choose a new password' },
  );
}

export function passwordChangedMail(
  language: MailLanguage,
  name: string,
  resetLink: string,
): MailContent {
  if (language === 'km') {
    return composeMail(
      language,
      'ពាក្យសម្ងាត់របស់អ្នកត្រូវបានផ្លាស់ប្តូរ',
      [
        `សួស្តី ${name}`,
        'ពាក្យសម្ងាត់នៃគណនីរបស់អ្នកទើបតែត្រូវបានផ្លាស់ប្តូរ ហើយឧបករណ៍ផ្សេងទៀតត្រូវបានចាកចេញ។',
        'ប្រសិនបើមិនមែនជាអ្នកទេ សូមកំណត់ពាក្យសម្ងាត់ឡើងវិញភ្លាមៗ។',
      ],
      { href: resetLink, label: 'កំណត់ពាក្យសម្ងាត់ឡើងវិញ' },
    );
  }
  return composeMail(
    language,
    'Your password was changed',
    [
      `Hello ${name},`,
      'The password of your account was just changed, and your other devices were signed out.',
      'If this was not you, reset your password now.',
    ],
    { href: resetLink, label: 'Reset your password' },
  );
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
  if (language === 'km') {
    return composeMail(
      language,
      `លេខកូដបញ្ជាក់អ៊ីមែលថ្មី៖ ${code}`,
      [
        'សួស្តី',
        `ដើម្បីប្រើអាសយដ្ឋាននេះសម្រាប់គណនីរបស់អ្នក សូមបញ្ចូលលេខកូដ ${code} នៅលើទំព័រគណនីរបស់អ្នក។ វាមានសុពលភាព ${mailNumber(language, minutes)} នាទី។`,
        'ប្រសិនបើអ្នកមិនបានស្នើសុំទេ សូមមិនអើពើនឹងសារនេះ។',
      ],
      { href: link, label: 'បញ្ជាក់អ៊ីមែលថ្មី' },
    );
  }
  return composeMail(
    language,
    `Your code to confirm your new email: ${code}`,
    [
      'Hello,',
      `To use this address for your account, enter the code ${code} on your account page. It is valid for ${minutes} minutes.`,
      'If you did not ask for it, you can ignore this message.',
    ],
    { href: link, label: 'Confirm your new email' },
  );
}

export function emailChangeRequestedMail(
  language: MailLanguage,
  name: string,
  resetLink: string,
): MailContent {
  if (language === 'km') {
    return composeMail(
      language,
      'មានការស្នើសុំផ្លាស់ប្តូរអ៊ីមែលនៃគណនីរបស់អ្នក',
      [
        `សួស្តី ${name}`,
        'មាននរណាម្នាក់ដែលបានចូលគណនីរបស់អ្នក បានស្នើសុំផ្លាស់ប្តូរអាសយដ្ឋានអ៊ីមែលរបស់វា។ អាសយដ្ឋានថ្មីត្រូវតែបញ្ជាក់ជាមុនសិន។',
        'ប្រសិនបើមិនមែនជាអ្នកទេ សូមកំណត់ពាក្យសម្ងាត់ឡើងវិញភ្លាមៗ។',
      ],
      { href: resetLink, label: 'កំណត់ពាក្យសម្ងាត់ឡើងវិញ' },
    );
  }
  return composeMail(
    language,
    'A change of your account email was requested',
    [
      `Hello ${name},`,
      'Someone signed in to your account asked to change its email address. The new address must be confirmed before it counts.',
      'If this was not you, reset your password now.',
    ],
    { href: resetLink, label: 'Reset your password' },
  );
}

export function emailTakenMail(language: MailLanguage, loginLink: string): MailContent {
  if (language === 'km') {
    return composeMail(
      language,
      'មាននរណាម្នាក់បានព្យាយាមប្រើអ៊ីមែលរបស់អ្នក',
      [
        'សួស្តី',
        'មាននរណាម្នាក់បានព្យាយាមផ្លាស់ប្តូរអ៊ីមែលនៃគណនីមួយទៀតមកជាអាសយដ្ឋាននេះ ប៉ុន្តែអាសយដ្ឋាននេះមានគណនីរួចហើយ។ គ្មានអ្វីផ្លាស់ប្តូរទេ។',
      ],
      { href: loginLink, label: 'ចូលគណនី' },
    );
  }
  return composeMail(
    language,
    'Someone tried to use your email address',
    [
      'Hello,',
      'Someone tried to move another account to this address, which already has an account. Nothing has changed.',
    ],
    { href: loginLink, label: 'Log in' },
  );
}

export function emailChangedMail(
  language: MailLanguage,
  name: string,
  newEmail: string,
): MailContent {
  if (language === 'km') {
    return composeMail(language, 'អ៊ីមែលនៃគណនីរបស់អ្នកត្រូវបានផ្លាស់ប្តូរ', [
      `សួស្តី ${name}`,
      `គណនីរបស់អ្នកឥឡូវប្រើអាសយដ្ឋាន ${newEmail}។ ឧបករណ៍ផ្សេងទៀតត្រូវបានចាកចេញ។`,
      'ប្រសិនបើមិនមែនជាអ្នកទេ សូមឆ្លើយតបទៅកាន់ផ្នែកជំនួយ។',
    ]);
  }
  return composeMail(language, 'The email of your account was changed', [
    `Hello ${name},`,
    `Your account now uses the address ${newEmail}. Your other devices were signed out.`,
    'If this was not you, contact support.',
  ]);
}

export function accountDeletedMail(language: MailLanguage, name: string): MailContent {
  if (language === 'km') {
    return composeMail(language, 'គណនីរបស់អ្នកត្រូវបានលុប', [
      `សួស្តី ${name}`,
      'គណនីរបស់អ្នក និងទិន្នន័យទាំងអស់របស់វាត្រូវបានលុបជាស្ថាពរ។ អ្នកអាចចុះឈ្មោះម្តងទៀតដោយប្រើអ៊ីមែលនេះនៅពេលណាក៏បាន។',
    ]);
  }
  return composeMail(language, 'Your account was deleted', [
    `Hello ${name},`,
    'Your account and all its data were deleted for good. You can sign up again with this email at any time.',
  ]);
}
