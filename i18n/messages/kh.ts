// The Khmer pack (Intl locale `km`), loaded as its own chunk with the Khmer web font.
import '@fontsource/noto-sans-khmer/khmer-400.css';
import '@fontsource/noto-sans-khmer/khmer-600.css';

import type { MessageId } from './en';

export const kh: Record<MessageId, string> = {
  'app.name': 'គណនី',
  'app.skipToContent': 'រំលងទៅខ្លឹមសារចម្បង',
  'language.label': 'ភាសា',

  'field.name.label': 'ឈ្មោះ',
  'field.email.label': 'អ៊ីមែល',
  'field.password.label': 'ពាក្យសម្ងាត់',
  'field.newPassword.hint': 'យ៉ាងហោចណាស់ {min} តួអក្សរ។',
  'field.code.label': 'លេខកូដបើកដំណើរការ',
  'field.code.hint': 'លេខ ៦ ខ្ទង់ក្នុងអ៊ីមែលដែលយើងបានផ្ញើទៅអ្នក។',
  'password.show': 'បង្ហាញពាក្យសម្ងាត់',
  'password.hide': 'លាក់ពាក្យសម្ងាត់',

  'fieldError.required.name': 'សូមបញ្ចូលឈ្មោះរបស់អ្នក។',
  'fieldError.required.email': 'សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែលរបស់អ្នក។',
  'fieldError.required.password': 'សូមបញ្ចូលពាក្យសម្ងាត់របស់អ្នក។',
  'fieldError.required.code': 'សូមបញ្ចូលលេខកូដ ៦ ខ្ទង់។',
  'fieldError.invalidEmail': 'សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែលដូចជា name@example.com ។',
  'fieldError.tooShort': 'សូមប្រើយ៉ាងហោចណាស់ {min} តួអក្សរ។',
  'fieldError.tooLong': 'សូមប្រើមិនលើសពី {max} តួអក្សរ។',
  'fieldError.commonPassword': 'ពាក្យសម្ងាត់នេះងាយទាយពេក។ សូមជ្រើសរើសពាក្យសម្ងាត់ដែលពិបាកទាយជាងនេះ។',
  'fieldError.invalidCodeFormat': 'លេខកូដមាន ៦ ខ្ទង់ ដូចជា 123456 ។',

  'requestError.validation': 'ព័ត៌មានខ្លះត្រូវកែតម្រូវ៖ សូមមើលសារនៅក្រោមប្រអប់នីមួយៗ។',
  'requestError.rateLimited': 'អ្នកបានព្យាយាមច្រើនដងពេក។ សូមរង់ចាំមួយនាទី រួចព្យាយាមម្ដងទៀត។',
  'requestError.invalidCode': 'លេខកូដនោះខុស ផុតកំណត់ ឬត្រូវបានប្រើរួចហើយ។ សូមពិនិត្យអ៊ីមែលចុងក្រោយ ឬស្នើសុំលេខកូដថ្មី។',
  'requestError.invalidCredentials': 'អ៊ីមែល ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវទេ។',
  'requestError.accountNotActivated': 'គណនីនេះមិនទាន់បានបើកដំណើរការនៅឡើយទេ។',
  'requestError.invalidToken': 'វគ្គប្រើប្រាស់របស់អ្នកបានបញ្ចប់។ សូមចូលគណនីម្ដងទៀត។',
  'requestError.network': 'មិនអាចភ្ជាប់ទៅម៉ាស៊ីនមេបានទេ។ សូមពិនិត្យការតភ្ជាប់របស់អ្នក ហើយព្យាយាមម្ដងទៀត។',
  'requestError.timeout': 'ម៉ាស៊ីនមេឆ្លើយតបយឺតពេក។ សូមព្យាយាមម្ដងទៀត។',
  'requestError.server': 'មានបញ្ហាកើតឡើងនៅខាងយើង។ សូមព្យាយាមម្ដងទៀតក្នុងពេលបន្តិចទៀត។',
  'requestError.unexpected': 'មានបញ្ហាដែលមិនបានរំពឹងទុក។ សូមព្យាយាមម្ដងទៀត។',

  'login.title': 'ចូលគណនី',
  'login.intro': 'សូមស្វាគមន៍ការត្រឡប់មកវិញ។ សូមបញ្ចូលអ៊ីមែល និងពាក្យសម្ងាត់របស់អ្នក។',
  'login.submit': 'ចូលគណនី',
  'login.submitting': 'កំពុងចូលគណនី…',
  'login.noAccount': 'មិនទាន់មានគណនីមែនទេ?',
  'login.signupLink': 'ចុះឈ្មោះ',
  'login.haveCode': 'មានលេខកូដបើកដំណើរការហើយមែនទេ?',
  'login.activationLink': 'បើកដំណើរការគណនីរបស់អ្នក',
  'login.notActivated':
    'គណនីរបស់អ្នកមិនទាន់បានបើកដំណើរការនៅឡើយទេ។ សូមបញ្ចូលលេខកូដ ៦ ខ្ទង់ដែលយើងបានផ្ញើទៅ {email} ឬស្នើសុំលេខកូដថ្មី។',
  'login.enterCodeLink': 'បញ្ចូលលេខកូដ',

  'signup.title': 'បង្កើតគណនីរបស់អ្នក',
  'signup.intro': 'យើងនឹងផ្ញើលេខកូដ ៦ ខ្ទង់ទៅអ៊ីមែលរបស់អ្នក ដើម្បីបើកដំណើរការគណនី។',
  'signup.submit': 'ចុះឈ្មោះ',
  'signup.submitting': 'កំពុងចុះឈ្មោះ…',
  'signup.haveAccount': 'មានគណនីរួចហើយមែនទេ?',
  'signup.loginLink': 'ចូលគណនី',
  'signup.haveCode': 'មានលេខកូដបើកដំណើរការហើយមែនទេ?',
  'signup.activationLink': 'បើកដំណើរការគណនីរបស់អ្នក',

  'activation.title': 'បើកដំណើរការគណនីរបស់អ្នក',
  'activation.intro': 'សូមបញ្ចូលលេខកូដ ៦ ខ្ទង់ពីអ៊ីមែលដែលយើងបានផ្ញើទៅអ្នក។',
  'activation.sentTo': 'យើងបានផ្ញើលេខកូដ ៦ ខ្ទង់ទៅ {email} ។',
  'activation.submit': 'បើកដំណើរការ',
  'activation.submitting': 'កំពុងបើកដំណើរការ…',
  'activation.noCode': 'មិនទាន់មានលេខកូដមែនទេ?',
  'activation.signupLink': 'បង្កើតគណនី',
  'activation.loginLink': 'ត្រឡប់ទៅការចូលគណនី',

  'resend.button': 'ផ្ញើលេខកូដថ្មី',
  'resend.sending': 'កំពុងផ្ញើ…',
  'resend.sent': 'យើងបានផ្ញើលេខកូដថ្មីទៅ {email} ហើយ។',
  'resend.wait': 'អ្នកអាចស្នើសុំលេខកូដមួយទៀតក្នុងរយៈពេល {seconds} វិនាទីទៀត។',

  'home.title': 'គណនីរបស់អ្នក',
  'home.greeting': 'សួស្ដី {name}',
  'home.name': 'ឈ្មោះ',
  'home.email': 'អ៊ីមែល',
  'home.sessionEnds': 'វគ្គប្រើប្រាស់ផុតកំណត់នៅ',
  'home.sessionEndsUnknown': 'មិនដឹង',
  'home.logout': 'ចាកចេញ',
  'home.loggingOut': 'កំពុងចាកចេញ…',
};
