// The words of the password reset view: bundled with its chunk, not with the app's first load, and put beside
// the app's pack by WithWords (ui/intl/WithWords.tsx). Every export of this file is a
// pack (scripts/webpack/messagesToAst.cjs).
// English only: every translation is in its language's pack (i18n/messages/).
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

declare module '../../i18n/messages/en' {
  interface PartMessageIds {
    resetPassword: ResetMessageId;
  }
}
