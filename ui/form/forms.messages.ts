// The words of the forms the login view does not show (sign-up, activation, password reset and
// home's): their fields and the refusals of those fields, bundled with each of those views' chunks,
// not with the app's first load, and put beside the app's pack by WithWords
// (ui/intl/WithWords.tsx). Every export of this file is a pack
// (scripts/webpack/messagesToAst.cjs).
// English only: every translation is in its language's pack (i18n/messages/).
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

declare module '../../i18n/messages/en' {
  interface PartMessageIds {
    forms: FormsMessageId;
  }
}
