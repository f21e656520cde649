// The words of the forms the login view does not show (sign-up, activation, password reset and
// home's): their fields and the refusals of those fields, bundled with each of those views' chunks,
// not with the app's first load, and put beside the app's pack by WithWords
// (ui/intl/WithWords.tsx). Every export of this file is a pack
// (scripts/webpack/messagesToAst.cjs).
export const formsEn = {
  'field.name.label': 'Name',
  'field.newPassword.hint': 'At least {min} characters.',
  'field.code.label': 'Activation code',
  'field.code.hint': 'The 6 digits from the email we sent you.',
  'field.signupPassword.label': 'Password',
  'field.signupPassword.hint': 'The password you chose at sign-up.',
  'field.resetCode.label': 'Reset code',
  'field.currentPassword.label': 'Current password',
  'field.newPassword.label': 'New password',
  'field.newEmail.label': 'New email',
  'field.emailCode.label': 'Confirmation code',
  'field.emailCode.hint': 'The 6 digits from the email we sent to your new address.',
  'fieldError.required.name': 'Enter your name.',
  'fieldError.required.currentPassword': 'Enter your current password.',
  'fieldError.required.newPassword': 'Choose a new password.',
  'fieldError.required.newEmail': 'Enter your new email address.',
  'fieldError.required.confirm': 'Tick the box to confirm.',
  'fieldError.tooShort': 'Use at least {min} characters.',
  'fieldError.commonPassword': 'This password is too common. Choose one that is harder to guess.',
  'fieldError.repetitivePassword':
    'This password repeats itself (like aaaaaaaa or abcabc). Choose one that is harder to guess.',
  'fieldError.sequentialPassword':
    'This password is a sequence (like 12345678, abcdefgh or a row of keys). Choose one that is harder to guess.',
  'fieldError.personalPassword':
    'This password is made of your name, your email or the name {appName}. Choose one nobody can guess from them.',
  'password.strong': 'Hard to guess: a good password.',
  'fieldError.incorrectPassword': 'This is not your current password.',
  'fieldError.sameEmail': 'This is already the email of your account.',
  'fieldError.samePassword': 'Choose a password different from your current one.',
  'fieldError.invalidCharacters': 'Remove the line breaks, tabs and other invisible characters.',
} as const satisfies Record<string, string>;

export type FormsMessageId = keyof typeof formsEn;

export const formsKh: Record<FormsMessageId, string> = {
  'field.name.label': 'ឈ្មោះ',
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
  'fieldError.required.name': 'សូមបញ្ចូលឈ្មោះរបស់អ្នក។',
  'fieldError.required.currentPassword': 'សូមបញ្ចូលពាក្យសម្ងាត់បច្ចុប្បន្នរបស់អ្នក។',
  'fieldError.required.newPassword': 'សូមជ្រើសរើសពាក្យសម្ងាត់ថ្មី។',
  'fieldError.required.newEmail': 'សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែលថ្មីរបស់អ្នក។',
  'fieldError.required.confirm': 'សូមធីកប្រអប់ដើម្បីបញ្ជាក់។',
  'fieldError.tooShort': 'សូមប្រើយ៉ាងហោចណាស់ {min, number, digits} តួអក្សរ។',
  'fieldError.commonPassword': 'ពាក្យសម្ងាត់នេះងាយទាយពេក។ សូមជ្រើសរើសពាក្យសម្ងាត់ដែលពិបាកទាយជាងនេះ។',
  'fieldError.repetitivePassword':
    'ពាក្យសម្ងាត់នេះមានតួអក្សរដដែលៗ (ដូចជា aaaaaaaa ឬ abcabc)។ សូមជ្រើសរើសពាក្យសម្ងាត់ដែលពិបាកទាយជាងនេះ។',
  'fieldError.sequentialPassword':
    'ពាក្យសម្ងាត់នេះជាលំដាប់តៗគ្នា (ដូចជា 12345678, abcdefgh ឬជួរគ្រាប់ចុចមួយ)។ សូមជ្រើសរើសពាក្យសម្ងាត់ដែលពិបាកទាយជាងនេះ។',
  'fieldError.personalPassword':
    'ពាក្យសម្ងាត់នេះបង្កើតចេញពីឈ្មោះ អ៊ីមែលរបស់អ្នក ឬឈ្មោះ {appName}។ សូមជ្រើសរើសពាក្យសម្ងាត់ដែលគ្មាននរណាអាចទាយបានពីវា។',
  'password.strong': 'ពិបាកទាយ៖ ជាពាក្យសម្ងាត់ល្អ។',
  'fieldError.incorrectPassword': 'នេះមិនមែនជាពាក្យសម្ងាត់បច្ចុប្បន្នរបស់អ្នកទេ។',
  'fieldError.sameEmail': 'នេះជាអ៊ីមែលនៃគណនីរបស់អ្នករួចហើយ។',
  'fieldError.samePassword': 'សូមជ្រើសរើសពាក្យសម្ងាត់ដែលខុសពីពាក្យសម្ងាត់បច្ចុប្បន្នរបស់អ្នក។',
  'fieldError.invalidCharacters': 'សូមលុបការចុះបន្ទាត់ ថេប និងតួអក្សរដែលមើលមិនឃើញផ្សេងទៀតចេញ។',
};
