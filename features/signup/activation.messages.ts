// The words of the activation view: bundled with its chunk, not with the app's first load, and put beside
// the app's pack by WithWords (ui/intl/WithWords.tsx). Every export of this file is a
// pack (scripts/webpack/messagesToAst.cjs).
export const activationEn = {
  'activation.title': 'Activate your account',
  'activation.intro': 'Enter the 6-digit code from the email we sent you.',
  'activation.sentTo': 'We sent a 6-digit code to {email}.',
  'activation.submit': 'Activate',
  'activation.submitting': 'Activating…',
  'activation.noCode': 'No code yet?',
  'activation.signupLink': 'Create an account',
  'activation.loginLink': 'Back to log in',
  'activation.choose': 'Choose a new password',
  'activation.chooseIntro':
    'Enter the 6-digit code from the email and choose a new password. It replaces the one chosen at sign-up.',
  'activation.chooseSubmit': 'Save and activate',
} as const satisfies Record<string, string>;

export type ActivationMessageId = keyof typeof activationEn;

export const activationKh: Record<ActivationMessageId, string> = {
  'activation.title': 'បើកដំណើរការគណនីរបស់អ្នក',
  'activation.intro': 'សូមបញ្ចូលលេខកូដ ៦ ខ្ទង់ពីអ៊ីមែលដែលយើងបានផ្ញើទៅអ្នក។',
  'activation.sentTo': 'យើងបានផ្ញើលេខកូដ ៦ ខ្ទង់ទៅ {email} ។',
  'activation.submit': 'បើកដំណើរការ',
  'activation.submitting': 'កំពុងបើកដំណើរការ…',
  'activation.noCode': 'មិនទាន់មានលេខកូដមែនទេ?',
  'activation.signupLink': 'បង្កើតគណនី',
  'activation.loginLink': 'ត្រឡប់ទៅការចូលគណនី',
  'activation.choose': 'ជ្រើសរើសពាក្យសម្ងាត់ថ្មី',
  'activation.chooseIntro':
    'សូមបញ្ចូលលេខកូដ ៦ ខ្ទង់ពីអ៊ីមែល ហើយជ្រើសរើសពាក្យសម្ងាត់ថ្មី។ វានឹងជំនួសពាក្យសម្ងាត់ដែលបានជ្រើសរើសនៅពេលចុះឈ្មោះ។',
  'activation.chooseSubmit': 'រក្សាទុក ហើយបើកដំណើរការ',
};

declare module '../../i18n/messages/en' {
  interface PartMessageIds {
    activation: ActivationMessageId;
  }
}
