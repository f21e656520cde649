// The words of home's passkeys section: bundled with home's chunk, not with the app's first load,
// and put beside the app's pack by WithWords (ui/intl/WithWords.tsx). Every export of
// this file is a pack (scripts/webpack/messagesToAst.cjs). The login view's passkey words are a pack
// of their own below, in the chunk of the login view's passkey button.
// English only: every translation is in its language's pack (i18n/messages/).
export const passkeysEn = {
  'passkeys.title': 'Passkeys',
  'passkeys.intro':
    'Log in with your fingerprint, face or screen lock instead of your password. Each device keeps its own passkey.',
  'passkeys.loading': 'Loading your passkeys…',
  'passkeys.none': 'You have no passkeys yet.',
  'passkeys.added': 'Added: {date}',
  'passkeys.lastUsed': 'Last used: {date}',
  'passkeys.neverUsed': 'Not used yet',
  'passkeys.nameLabel': 'Name of the passkey',
  'passkeys.newNameLabel': 'Name of the new passkey',
  'passkeys.nameHint': 'To tell your passkeys apart, like the device that keeps it.',
  'passkeys.add': 'Add a passkey',
  'passkeys.adding': 'Follow the steps of your browser…',
  'passkeys.unsupported':
    'This browser cannot make passkeys. Open this page in an up-to-date browser to add one.',
  'passkeys.cancelled':
    'No passkey was made: the window of your browser was closed or waited too long. Try again when you are ready.',
  'passkeys.alreadyRegistered': 'This device already keeps a passkey for your account.',
  'passkeys.failed': 'Your browser could not make the passkey. Please try again.',
  'passkeys.notAccepted': 'The passkey could not be checked. Please try again.',
  'passkeys.full':
    'You keep {count, number} passkeys, the most an account can. Remove one to add another.',
  'passkeys.rename': 'Rename',
  'passkeys.renameLabel': 'Rename {name}',
  'passkeys.save': 'Save',
  'passkeys.saving': 'Saving…',
  'passkeys.cancel': 'Cancel',
  'passkeys.remove': 'Remove',
  'passkeys.removeLabel': 'Remove {name}',
  'passkeys.removeIntro': 'Remove this passkey? You will no longer log in with it.',
  'passkeys.removeSubmit': 'Remove the passkey',
  'passkeys.removing': 'Removing…',
  'passkeys.doneAdded': 'Your passkey was added.',
  'passkeys.doneRenamed': 'The passkey was renamed.',
  'passkeys.doneRemoved': 'The passkey was removed.',
  'passkeys.loadFailed': 'Your passkeys could not be loaded.',
  'passkeys.retry': 'Try again',
  'passkeys.reviewTitle': 'Passkeys added in the last {days, plural, one {# day} other {# days}}',
  'passkeys.reviewAfterReset':
    'Your password was reset, but a passkey still signs in without it. If you did not add one of these, remove it.',
  'passkeys.reviewAfterEndOthers':
    'The other devices are logged out, but a passkey still signs in. If you did not add one of these, remove it.',
  'passkeys.reviewLink': 'Choose which to remove',
  'passkeys.reviewChoose': 'Tick each passkey you did not add',
  'passkeys.reviewRemove': 'Remove the ticked passkeys',
  'passkeys.reviewRemoving': 'Removing…',
  'passkeys.reviewKeep': 'I added them all: keep them',
  'passkeys.reviewNoneTicked': 'Tick a passkey to remove it, or keep them all.',
  'passkeys.reviewConfirmFirst': 'Confirm it is you below, then choose which to remove.',
} as const satisfies Record<string, string>;

export type PasskeyMessageId = keyof typeof passkeysEn;

/** The login view's passkey words: in the chunk of its passkey button (PasskeyLogin.tsx). */
export const passkeyLoginEn = {
  'passkeyLogin.button': 'Sign in with a passkey',
  'passkeyLogin.waiting': 'Waiting for your passkey…',
  'passkeyLogin.unsupported': 'This browser cannot use passkeys: log in with your password.',
  'passkeyLogin.cancelled':
    'Signing in with a passkey was cancelled. Try again, or log in with your password.',
  'passkeyLogin.invalid':
    'This passkey is not registered here, or it could not be checked. Try another one, or log in with your password.',
  'passkeyLogin.failed':
    'Your browser could not use the passkey. Try again, or log in with your password.',
  'passkeyLogin.unknown':
    'No account here has this passkey any more: it was removed, or its account was deleted. Log in with your password, or sign up again.',
} as const satisfies Record<string, string>;

export type PasskeyLoginMessageId = keyof typeof passkeyLoginEn;

declare module '../../i18n/messages/en' {
  interface PartMessageIds {
    passkeys: PasskeyMessageId | PasskeyLoginMessageId;
  }
}
