// The words of confirming it is you on home (one confirmation for ten minutes of sensitive
// changes): bundled with home's chunk, not with the app's first load, and put beside the app's pack
// by WithWords (ui/intl/WithWords.tsx). Every export of this file is a pack
// (scripts/webpack/messagesToAst.cjs).
// English only: every translation is in its language's pack (i18n/messages/).
export const confirmationEn = {
  'confirm.title': 'Confirm it is you',
  'confirm.why.email': 'To change your email, first confirm it is you.',
  'confirm.why.password': 'To change your password, first confirm it is you.',
  'confirm.why.passkeys': 'To add or remove passkeys, first confirm it is you.',
  'confirm.why.security': 'To change two-step sign-in, first confirm it is you.',
  'confirm.why.delete': 'To delete your account, first confirm it is you.',
  'confirm.why.providers': 'To connect or disconnect a sign-in provider, first confirm it is you.',
  'confirm.why.operator':
    'To use the support console, confirm it is you with two-step sign-in or a passkey: a password alone is not enough.',
  'confirm.lasts':
    'Then you can make changes for {minutes, plural, one {# minute} other {# minutes}} on this device without being asked again.',
  'confirm.lapsed': 'Your confirmation has ended. Confirm it is you again to go on.',
  'confirm.submit': 'Confirm',
  'confirm.submitting': 'Checking…',
  'confirm.withPasskey': 'Use a passkey instead',
  'confirm.withPasskeyBusy': 'Follow the steps of your browser…',
  'confirm.passkeyCancelled':
    'No passkey was used: the window of your browser was closed. Try again, or use your password.',
  'confirm.passkeyRefused':
    'The passkey did not confirm it is you. Try again, or use your password.',
  'confirm.done': 'Confirmed. You can make changes until {time}.',
  'confirm.withProvider': 'Confirm with {name}',
  'confirm.withProviderBusy': 'Opening {name}…',
  'confirm.providerFailed': '{name} could not confirm it is you. Try again.',
} as const satisfies Record<string, string>;

export type ConfirmationMessageId = keyof typeof confirmationEn;

declare module '../../i18n/messages/en' {
  interface PartMessageIds {
    confirmation: ConfirmationMessageId;
  }
}
