// The Khmer pack (Intl locale `km`), loaded as its own chunk with the Khmer web font
// (../khmerFont.ts). Numbers go through `{x, number, digits}`, written in Khmer digits
// (../digits.ts).
import type { en } from './en';

export const kh: Record<keyof typeof en, string> = {
  'app.skipToContent': 'រំលងទៅខ្លឹមសារចម្បង',
  'wait.loading': 'កំពុងផ្ទុក…',
  'wait.progress': 'កំពុងរង់ចាំម៉ាស៊ីនមេ',
  'wait.slow': 'ម៉ាស៊ីនមេកំពុងឆ្លើយតបយឺត។ សូមរង់ចាំបន្តិច…',
  'view.failed.title': 'មិនអាចផ្ទុកទំព័រនេះបានទេ',
  'view.failed.load':
    'សូមពិនិត្យការតភ្ជាប់របស់អ្នក រួចព្យាយាមម្ដងទៀត។ យើងក៏នឹងព្យាយាមម្ដងទៀតដោយខ្លួនឯង ភ្លាមៗនៅពេលអ្នកភ្ជាប់អ៊ីនធឺណិតវិញ។',
  'view.failed.render': 'មានបញ្ហាកើតឡើងពេលបង្ហាញទំព័រនេះ។ សូមព្យាយាមម្ដងទៀត។',
  'view.failed.retry': 'ព្យាយាមម្ដងទៀត',
  'notice.dismiss': 'បិទ',
  'notice.sessionEnded':
    'វគ្គប្រើប្រាស់របស់អ្នកត្រូវបានបញ្ចប់នៅលើឧបករណ៍ផ្សេង ឬបានផុតកំណត់។ សូមចូលគណនីម្ដងទៀត ដើម្បីបន្ត។',
  'notice.activated': 'គណនីរបស់អ្នកត្រូវបានបើកដំណើរការហើយ។ សូមស្វាគមន៍!',
  'notice.passwordReset': 'ពាក្យសម្ងាត់ថ្មីរបស់អ្នកត្រូវបានរក្សាទុក ហើយអ្នកបានចូលគណនីហើយ។',
  'notice.accountDeleted': 'គណនីរបស់អ្នកត្រូវបានលុបហើយ។ អ្នកអាចចុះឈ្មោះម្ដងទៀតដោយប្រើអ៊ីមែលដដែល នៅពេលណាក៏បាន។',
  'notice.loggedOut': 'អ្នកបានចាកចេញហើយ។',
  'notice.activationLinkWhileSignedIn':
    'អ្នកបានចូលគណនីរួចហើយ ដូច្នេះតំណបើកដំណើរការមិនចាំបាច់ទេ។ ដើម្បីបើកដំណើរការគណនីផ្សេង សូមចាកចេញជាមុនសិន។',
  'notice.resetLinkWhileSignedIn':
    'អ្នកបានចូលគណនីរួចហើយ ដូច្នេះតំណកំណត់ពាក្យសម្ងាត់ឡើងវិញមិនត្រូវបានប្រើទេ។ ដើម្បីប្ដូរពាក្យសម្ងាត់របស់អ្នក សូមប្រើទម្រង់ខាងក្រោម។ សម្រាប់គណនីផ្សេង សូមចាកចេញជាមុនសិន។',
  'notice.signInAgain':
    'ការចូលគណនីចំណាយពេលយូរពេក ឬត្រូវបានបញ្ចប់រួចហើយ។ សូមបញ្ចូលអ៊ីមែល និងពាក្យសម្ងាត់របស់អ្នកម្តងទៀត។',
  'language.label': 'ភាសា',

  'field.name.label': 'ឈ្មោះ',
  'field.email.label': 'អ៊ីមែល',
  'field.password.label': 'ពាក្យសម្ងាត់',
  'field.newPassword.hint': 'យ៉ាងហោចណាស់ {min, number, digits} តួអក្សរ។',
  'field.code.label': 'លេខកូដបើកដំណើរការ',
  'field.code.hint': 'លេខ ៦ ខ្ទង់ក្នុងអ៊ីមែលដែលយើងបានផ្ញើទៅអ្នក។',
  'field.signupPassword.label': 'ពាក្យសម្ងាត់',
  'field.signupPassword.hint': 'ពាក្យសម្ងាត់ដែលអ្នកបានជ្រើសរើសពេលចុះឈ្មោះ។',
  'field.resetCode.label': 'លេខកូដកំណត់ឡើងវិញ',
  'field.currentPassword.label': 'ពាក្យសម្ងាត់បច្ចុប្បន្ន',
  'field.newPassword.label': 'ពាក្យសម្ងាត់ថ្មី',
  'field.newEmail.label': 'អ៊ីមែលថ្មី',
  'field.emailCode.label': 'លេខកូដបញ្ជាក់',
  'field.emailCode.hint': 'លេខ ៦ ខ្ទង់ក្នុងអ៊ីមែលដែលយើងបានផ្ញើទៅអាសយដ្ឋានថ្មីរបស់អ្នក។',
  'field.confirmPassword.hint': 'ពាក្យសម្ងាត់របស់អ្នក ដើម្បីបញ្ជាក់ថាជាអ្នកពិតប្រាកដ។',
  'password.show': 'បង្ហាញពាក្យសម្ងាត់',
  'password.hide': 'លាក់ពាក្យសម្ងាត់',

  'fieldError.required.name': 'សូមបញ្ចូលឈ្មោះរបស់អ្នក។',
  'fieldError.required.email': 'សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែលរបស់អ្នក។',
  'fieldError.required.password': 'សូមបញ្ចូលពាក្យសម្ងាត់របស់អ្នក។',
  'fieldError.required.code': 'សូមបញ្ចូលលេខកូដ ៦ ខ្ទង់។',
  'fieldError.required.recoveryCode': 'សូមបញ្ចូលលេខកូដសង្គ្រោះ។',
  'fieldError.required.currentPassword': 'សូមបញ្ចូលពាក្យសម្ងាត់បច្ចុប្បន្នរបស់អ្នក។',
  'fieldError.required.newPassword': 'សូមជ្រើសរើសពាក្យសម្ងាត់ថ្មី។',
  'fieldError.required.newEmail': 'សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែលថ្មីរបស់អ្នក។',
  'fieldError.required.confirm': 'សូមធីកប្រអប់ដើម្បីបញ្ជាក់។',
  'fieldError.invalidEmail': 'សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែលដូចជា name@example.com ។',
  'fieldError.tooShort': 'សូមប្រើយ៉ាងហោចណាស់ {min, number, digits} តួអក្សរ។',
  'fieldError.tooLong': 'សូមប្រើមិនលើសពី {max, number, digits} តួអក្សរ។',
  'fieldError.commonPassword': 'ពាក្យសម្ងាត់នេះងាយទាយពេក។ សូមជ្រើសរើសពាក្យសម្ងាត់ដែលពិបាកទាយជាងនេះ។',
  'fieldError.invalidCodeFormat': 'លេខកូដមាន ៦ ខ្ទង់ ដូចជា 123456 ។',
  'fieldError.incorrectPassword': 'នេះមិនមែនជាពាក្យសម្ងាត់បច្ចុប្បន្នរបស់អ្នកទេ។',
  'fieldError.sameEmail': 'នេះជាអ៊ីមែលនៃគណនីរបស់អ្នករួចហើយ។',
  'fieldError.samePassword': 'សូមជ្រើសរើសពាក្យសម្ងាត់ដែលខុសពីពាក្យសម្ងាត់បច្ចុប្បន្នរបស់អ្នក។',

  'requestError.validation': 'ព័ត៌មានខ្លះត្រូវកែតម្រូវ៖ សូមមើលសារនៅក្រោមប្រអប់នីមួយៗ។',
  'requestError.rateLimited': 'អ្នកបានព្យាយាមច្រើនដងពេក។ សូមរង់ចាំមួយនាទី រួចព្យាយាមម្ដងទៀត។',
  'requestError.rateLimitedFor':
    'អ្នកបានព្យាយាមច្រើនដងពេក។ សូមព្យាយាមម្ដងទៀតក្នុងរយៈពេល {minutes, number, digits} នាទីទៀត។',
  'requestError.codeBudgetSpent':
    'មានការសាកល្បងលេខកូដខុសច្រើនពេកសម្រាប់អ៊ីមែលនេះ ដូច្នេះលេខកូដដែលវាយបញ្ចូលត្រូវបានបដិសេធ។ សូមបើកតំណនៅក្នុងអ៊ីមែលចុងក្រោយដែលយើងបានផ្ញើទៅអ្នក៖ វានៅតែដំណើរការ។',
  'requestError.invalidCode': 'លេខកូដនោះខុស ផុតកំណត់ ឬត្រូវបានប្រើរួចហើយ។ សូមពិនិត្យអ៊ីមែលចុងក្រោយ ឬស្នើសុំលេខកូដថ្មី។',
  'requestError.passwordNotChosen':
    'លេខកូដនោះត្រឹមត្រូវ ប៉ុន្តែនេះមិនមែនជាពាក្យសម្ងាត់ដែលបានជ្រើសរើសនៅពេលចុះឈ្មោះទេ។ សូមព្យាយាមម្ដងទៀត ឬជ្រើសរើសពាក្យសម្ងាត់ថ្មី។',
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
  'login.forgotLink': 'ភ្លេចពាក្យសម្ងាត់?',

  'resend.button': 'ផ្ញើលេខកូដថ្មី',
  'resend.sending': 'កំពុងផ្ញើ…',
  'resend.sent': 'យើងបានផ្ញើលេខកូដថ្មីទៅ {email} ហើយ។',
  'resend.wait': 'អ្នកអាចស្នើសុំលេខកូដមួយទៀតក្នុងរយៈពេល {seconds, number, digits} វិនាទីទៀត។',

  'help.toggle': 'ជំនួយ',
  'help.intro': 'មានអ្វីមិនដំណើរការមែនទេ? ផ្នែកជំនួយអាចមើលឃើញអ្វីដែលបានកើតឡើង តាមរយៈកំណត់ហេតុសកម្មភាពនៃទំព័រនេះ។',
  'help.logHolds':
    'កំណត់ហេតុនេះមានជំហានដែលអ្នកបានធ្វើនៅទីនេះ និងលេខកូដកំហុសដែលម៉ាស៊ីនមេបានឆ្លើយ។ វាមិនដែលមានពាក្យសម្ងាត់ លេខកូដ ឬថូខឹនទេ ហើយឈ្មោះ និងអាសយដ្ឋានអ៊ីមែលនៅក្នុងនោះត្រូវបានលាក់។',
  'actionLog.confirm': 'ផ្ញើកំណត់ហេតុសកម្មភាពទៅផ្នែកជំនួយឥឡូវនេះឬ?',
  'actionLog.confirmSend': 'ផ្ញើ',
  'actionLog.cancel': 'បោះបង់',
  'actionLog.contact': 'ផ្នែកជំនួយ៖ {contact}',
  'actionLog.download': 'ទាញយកកំណត់ហេតុសកម្មភាព',
  'actionLog.send': 'ផ្ញើកំណត់ហេតុសកម្មភាពទៅផ្នែកជំនួយ',
  'actionLog.sending': 'កំពុងផ្ញើកំណត់ហេតុសកម្មភាព…',
  'actionLog.sent': 'បានផ្ញើហើយ។ សូមប្រាប់លេខយោងនេះទៅផ្នែកជំនួយ៖ {reference}',
  'actionLog.tooLarge': 'កំណត់ហេតុសកម្មភាពធំពេកមិនអាចផ្ញើបានទេ។ សូមទាញយកវាជំនួសវិញ។',
};
