// The words of the password reset view: bundled with its chunk, not with the app's first load, and put beside
// the app's pack by WithWords (ui/intl/WithWords.tsx). Every export of this file is a
// pack (scripts/webpack/messagesToAst.cjs).
export const resetPasswordEn = {
  'reset.requestTitle': 'Forgot your password?',
  'reset.requestIntro':
    'Enter the email you signed up with. We will send you a code to choose a new password.',
  'reset.requestSubmit': 'Send me a code',
  'reset.requestSubmitting': 'Sending…',
  'reset.title': 'Choose a new password',
  'reset.intro': 'Enter the 6-digit code from the email we sent you and a new password.',
  'reset.sentTo': 'If {email} has an account, we sent it a 6-digit code. It works for 15 minutes.',
  'reset.submit': 'Save and log in',
  'reset.submitting': 'Saving…',
  'reset.newCodeLink': 'Get a new code, or use another email',
  'reset.loginLink': 'Back to log in',
} as const satisfies Record<string, string>;

export type ResetMessageId = keyof typeof resetPasswordEn;

export const resetPasswordKh: Record<ResetMessageId, string> = {
  'reset.requestTitle': 'ភ្លេចពាក្យសម្ងាត់?',
  'reset.requestIntro': 'សូមបញ្ចូលអ៊ីមែលដែលអ្នកបានចុះឈ្មោះ។ យើងនឹងផ្ញើលេខកូដមួយទៅអ្នក ដើម្បីជ្រើសរើសពាក្យសម្ងាត់ថ្មី។',
  'reset.requestSubmit': 'ផ្ញើលេខកូដមកខ្ញុំ',
  'reset.requestSubmitting': 'កំពុងផ្ញើ…',
  'reset.title': 'ជ្រើសរើសពាក្យសម្ងាត់ថ្មី',
  'reset.intro': 'សូមបញ្ចូលលេខកូដ ៦ ខ្ទង់ពីអ៊ីមែលដែលយើងបានផ្ញើទៅអ្នក និងពាក្យសម្ងាត់ថ្មី។',
  'reset.sentTo': 'ប្រសិនបើ {email} មានគណនី យើងបានផ្ញើលេខកូដ ៦ ខ្ទង់ទៅវា។ លេខកូដនេះប្រើបានរយៈពេល ១៥ នាទី។',
  'reset.submit': 'រក្សាទុក ហើយចូលគណនី',
  'reset.submitting': 'កំពុងរក្សាទុក…',
  'reset.newCodeLink': 'ទទួលលេខកូដថ្មី ឬប្រើអ៊ីមែលផ្សេង',
  'reset.loginLink': 'ត្រឡប់ទៅការចូលគណនី',
};

declare module '../../i18n/messages/en' {
  interface PartMessageIds {
    resetPassword: ResetMessageId;
  }
}
