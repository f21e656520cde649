// The account emails, in English and Khmer.
import type { MailLanguage } from './language';

export interface MailContent {
  subject: string;
  text: string;
}

export function activationMail(
  language: MailLanguage,
  name: string,
  code: string,
  minutes: number,
): MailContent {
  if (language === 'km') {
    return {
      subject: `លេខកូដបើកដំណើរការគណនីរបស់អ្នក៖ ${code}`,
      text:
        `សួស្តី ${name}\n\n` +
        `លេខកូដបើកដំណើរការគណនីរបស់អ្នកគឺ ${code}។ វាមានសុពលភាព ${minutes} នាទី ហើយប្រើបានតែម្តងប៉ុណ្ណោះ។\n\n` +
        `ប្រសិនបើអ្នកមិនបានចុះឈ្មោះទេ សូមមិនអើពើនឹងសារនេះ។`,
    };
  }
  return {
    subject: `Your activation code: ${code}`,
    text:
      `Hello ${name},\n\n` +
      `Your activation code is ${code}. It is valid for ${minutes} minutes and can be used once.\n\n` +
      `If you did not sign up, you can ignore this message.`,
  };
}

export function existingAccountMail(language: MailLanguage, name: string): MailContent {
  if (language === 'km') {
    return {
      subject: 'មាននរណាម្នាក់បានព្យាយាមចុះឈ្មោះដោយប្រើអ៊ីមែលរបស់អ្នក',
      text:
        `សួស្តី ${name}\n\n` +
        'មាននរណាម្នាក់បានព្យាយាមបង្កើតគណនីថ្មីដោយប្រើអ៊ីមែលនេះ ប៉ុន្តែអ៊ីមែលនេះមានគណនីរួចហើយ។ ' +
        'ប្រសិនបើជាអ្នក សូមចូលគណនីរបស់អ្នក ឬស្នើសុំលេខកូដថ្មី ប្រសិនបើគណនីមិនទាន់បើកដំណើរការ។\n\n' +
        'ប្រសិនបើមិនមែនជាអ្នកទេ សូមមិនអើពើនឹងសារនេះ។ គណនីរបស់អ្នកមិនមានការផ្លាស់ប្តូរទេ។',
    };
  }
  return {
    subject: 'Someone tried to sign up with your email',
    text:
      `Hello ${name},\n\n` +
      'Someone tried to create an account with this email address, which already has one. ' +
      'If it was you, log in, or ask for a new activation code if the account is not active yet.\n\n' +
      'If it was not you, you can ignore this message: nothing has changed in your account.',
  };
}
