// The words of the sign-up view: bundled with its chunk, not with the app's first load, and put beside
// the app's pack by WithWords (ui/intl/WithWords.tsx). Every export of this file is a
// pack (scripts/webpack/messagesToAst.cjs).
export const signupEn = {
  'signup.title': 'Create your account',
  'signup.intro': 'We will email you a 6-digit code to activate it.',
  'signup.submit': 'Sign up',
  'signup.submitting': 'Signing up…',
  'signup.haveAccount': 'Already have an account?',
  'signup.loginLink': 'Log in',
  'signup.haveCode': 'Got an activation code?',
  'signup.activationLink': 'Activate your account',
} as const satisfies Record<string, string>;

export type SignupMessageId = keyof typeof signupEn;

export const signupKh: Record<SignupMessageId, string> = {
  'signup.title': 'បង្កើតគណនីរបស់អ្នក',
  'signup.intro': 'យើងនឹងផ្ញើលេខកូដ ៦ ខ្ទង់ទៅអ៊ីមែលរបស់អ្នក ដើម្បីបើកដំណើរការគណនី។',
  'signup.submit': 'ចុះឈ្មោះ',
  'signup.submitting': 'កំពុងចុះឈ្មោះ…',
  'signup.haveAccount': 'មានគណនីរួចហើយមែនទេ?',
  'signup.loginLink': 'ចូលគណនី',
  'signup.haveCode': 'មានលេខកូដបើកដំណើរការហើយមែនទេ?',
  'signup.activationLink': 'បើកដំណើរការគណនីរបស់អ្នក',
};

declare module '../../i18n/messages/en' {
  interface PartMessageIds {
    signup: SignupMessageId;
  }
}
