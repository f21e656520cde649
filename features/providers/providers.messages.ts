// The words of signing in with a provider (OpenID Connect): the login and sign-up buttons with what
// a provider's return says (`providerButtons*`, in the buttons' chunk), and home's section of
// providers (`providers*`, in home's chunk), put beside the app's pack by WithWords
// (ui/intl/WithWords.tsx). Every export of this file is a pack
// (scripts/webpack/messagesToAst.cjs).
// English only: every translation is in its language's pack (i18n/messages/).
export const providerButtonsEn = {
  'providerButtons.label': 'Or continue with an account you already have',
  'providerButtons.continueWith': 'Continue with {name}',
  'providerButtons.opening': 'Opening {name}…',
  'providerButtons.startFailed': '{name} could not be opened. {reason}',
  'providerButtons.someProvider': 'your provider',
  'providerButtons.completing': 'Finishing your sign-in with {name}…',
  'providerButtons.accountExists':
    'An account with this email already exists here. Log in to it first (with its password or a passkey), then connect {name} from your account page.',
  'providerButtons.emailNotVerified':
    '{name} does not confirm that this email address is yours, so it cannot open an account here. Confirm your email with {name} and try again, or sign up with a password.',
  'providerButtons.cancelled':
    'The sign-in with {name} was cancelled, and nothing changed. Try again, or log in with your password or a passkey.',
  'providerButtons.expired':
    'The sign-in with {name} took too long or was already used. Try again, or log in with your password or a passkey.',
  'providerButtons.failed':
    'The sign-in with {name} did not finish. {reason} Try again, or log in with your password or a passkey.',
  'providerButtons.unchecked':
    'The sign-in with {name} could not be checked: it was started in another browser or tab, or took too long. Start it again here, or log in with your password or a passkey.',
  'providerButtons.sessionEnded':
    'Your session ended before {name} was connected. Log in again, then connect {name} from your account page.',
} as const satisfies Record<string, string>;

export type ProviderButtonsMessageId = keyof typeof providerButtonsEn;

export const providersEn = {
  'section.providers': 'Sign-in providers',
  'providers.intro':
    'Sign in with an account you already have elsewhere, beside your other ways in.',
  'providers.connected': 'Connected',
  'providers.notConnected': 'Not connected',
  'providers.connect': 'Connect {name}',
  'providers.opening': 'Opening {name}…',
  'providers.connectFailed': '{name} could not be opened. {reason}',
  'providers.connectedNow': '{name} is connected: you can sign in with it from now on.',
  'providers.connectCancelled': 'Connecting {name} was cancelled, and nothing changed.',
  'providers.connectRefused': '{name} was not connected. Try again, or use another provider.',
  'providers.identityTaken':
    '{name} was not connected: that {name} account is already connected to another account here. Disconnect it there first, or use another {name} account.',
  'providers.connectUnchecked':
    'Connecting {name} could not be checked: it was started in another browser or took too long. Try again.',
  'providers.someProvider': 'The provider',
  'providers.disconnect': 'Disconnect {name}',
  'providers.disconnectAsk':
    'Disconnect {name}? You will no longer be able to sign in with it. Your account and its other ways in stay as they are.',
  'providers.disconnectYes': 'Yes, disconnect {name}',
  'providers.keep': 'Keep it connected',
  'providers.disconnecting': 'Disconnecting…',
  'providers.disconnected': '{name} is disconnected.',
  'providers.lastWayIn':
    '{name} is the only way into this account, so it cannot be disconnected. Set a password or add a passkey first, then disconnect it.',
  'providers.disconnectFailed': '{name} was not disconnected. {reason}',
  'providers.noPassword':
    'This account has no password: you sign in with a provider. To set one, log out, choose "Forgot your password?" on the login page, and enter the code we email you with your new password.',
  'providers.listFailed': 'The sign-in providers could not be loaded.',
  'providers.retry': 'Try again',
  'providers.openedBy': 'Signed in with {name}',
} as const satisfies Record<string, string>;

export type ProvidersMessageId = keyof typeof providersEn;

declare module '../../i18n/messages/en' {
  interface PartMessageIds {
    providers: ProvidersMessageId | ProviderButtonsMessageId;
  }
}
