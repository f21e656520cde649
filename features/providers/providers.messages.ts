// The words of signing in with a provider (OpenID Connect): the login and sign-up buttons with what
// a provider's return says (`providerButtons*`, in the buttons' chunk), and home's section of
// providers (`providers*`, in home's chunk), put beside the app's pack by WithWords
// (ui/intl/WithWords.tsx). Every export of this file is a pack
// (scripts/webpack/messagesToAst.cjs).
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

export const providerButtonsKh: Record<ProviderButtonsMessageId, string> = {
  'providerButtons.label': 'ឬបន្តជាមួយគណនីដែលអ្នកមានរួចហើយ',
  'providerButtons.continueWith': 'បន្តជាមួយ {name}',
  'providerButtons.opening': 'កំពុងបើក {name}…',
  'providerButtons.startFailed': 'មិនអាចបើក {name} បានទេ។ {reason}',
  'providerButtons.someProvider': 'អ្នកផ្ដល់សេវារបស់អ្នក',
  'providerButtons.completing': 'កំពុងបញ្ចប់ការចូលរបស់អ្នកជាមួយ {name}…',
  'providerButtons.accountExists':
    'មានគណនីមួយដែលប្រើអ៊ីមែលនេះរួចហើយនៅទីនេះ។ សូមចូលគណនីនោះជាមុនសិន (ដោយពាក្យសម្ងាត់ ឬកូនសោសម្ងាត់របស់វា) បន្ទាប់មកភ្ជាប់ {name} ពីទំព័រគណនីរបស់អ្នក។',
  'providerButtons.emailNotVerified':
    '{name} មិនបញ្ជាក់ថាអាសយដ្ឋានអ៊ីមែលនេះជារបស់អ្នកទេ ដូច្នេះវាមិនអាចបើកគណនីនៅទីនេះបានទេ។ សូមបញ្ជាក់អ៊ីមែលរបស់អ្នកជាមួយ {name} ហើយព្យាយាមម្ដងទៀត ឬចុះឈ្មោះដោយប្រើពាក្យសម្ងាត់។',
  'providerButtons.cancelled':
    'ការចូលជាមួយ {name} ត្រូវបានបោះបង់ ហើយគ្មានអ្វីផ្លាស់ប្ដូរទេ។ សូមព្យាយាមម្ដងទៀត ឬចូលដោយពាក្យសម្ងាត់ ឬកូនសោសម្ងាត់របស់អ្នក។',
  'providerButtons.expired':
    'ការចូលជាមួយ {name} ចំណាយពេលយូរពេក ឬត្រូវបានប្រើរួចហើយ។ សូមព្យាយាមម្ដងទៀត ឬចូលដោយពាក្យសម្ងាត់ ឬកូនសោសម្ងាត់របស់អ្នក។',
  'providerButtons.failed':
    'ការចូលជាមួយ {name} មិនបានបញ្ចប់ទេ។ {reason} សូមព្យាយាមម្ដងទៀត ឬចូលដោយពាក្យសម្ងាត់ ឬកូនសោសម្ងាត់របស់អ្នក។',
  'providerButtons.unchecked':
    'មិនអាចពិនិត្យការចូលជាមួយ {name} បានទេ៖ វាត្រូវបានចាប់ផ្ដើមនៅក្នុងកម្មវិធីរុករក ឬផ្ទាំងផ្សេង ឬចំណាយពេលយូរពេក។ សូមចាប់ផ្ដើមវាម្ដងទៀតនៅទីនេះ ឬចូលដោយពាក្យសម្ងាត់ ឬកូនសោសម្ងាត់របស់អ្នក។',
  'providerButtons.sessionEnded':
    'វគ្គរបស់អ្នកបានបញ្ចប់ មុនពេល {name} ត្រូវបានភ្ជាប់។ សូមចូលម្ដងទៀត រួចភ្ជាប់ {name} ពីទំព័រគណនីរបស់អ្នក។',
};

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

export const providersKh: Record<ProvidersMessageId, string> = {
  'section.providers': 'អ្នកផ្ដល់សេវាចូលគណនី',
  'providers.intro': 'ចូលដោយប្រើគណនីដែលអ្នកមានរួចហើយនៅកន្លែងផ្សេង ក្រៅពីវិធីចូលផ្សេងទៀតរបស់អ្នក។',
  'providers.connected': 'បានភ្ជាប់',
  'providers.notConnected': 'មិនទាន់ភ្ជាប់',
  'providers.connect': 'ភ្ជាប់ {name}',
  'providers.opening': 'កំពុងបើក {name}…',
  'providers.connectFailed': 'មិនអាចបើក {name} បានទេ។ {reason}',
  'providers.connectedNow': '{name} ត្រូវបានភ្ជាប់ហើយ៖ ចាប់ពីពេលនេះ អ្នកអាចចូលដោយប្រើវាបាន។',
  'providers.connectCancelled': 'ការភ្ជាប់ {name} ត្រូវបានបោះបង់ ហើយគ្មានអ្វីផ្លាស់ប្ដូរទេ។',
  'providers.connectRefused': '{name} មិនត្រូវបានភ្ជាប់ទេ។ សូមព្យាយាមម្ដងទៀត ឬប្រើអ្នកផ្ដល់សេវាផ្សេង។',
  'providers.identityTaken':
    '{name} មិនត្រូវបានភ្ជាប់ទេ៖ គណនី {name} នោះត្រូវបានភ្ជាប់ទៅគណនីផ្សេងនៅទីនេះរួចហើយ។ សូមផ្ដាច់វានៅទីនោះជាមុនសិន ឬប្រើគណនី {name} ផ្សេង។',
  'providers.connectUnchecked':
    'មិនអាចពិនិត្យការភ្ជាប់ {name} បានទេ៖ វាត្រូវបានចាប់ផ្ដើមនៅក្នុងកម្មវិធីរុករកផ្សេង ឬចំណាយពេលយូរពេក។ សូមព្យាយាមម្ដងទៀត។',
  'providers.someProvider': 'អ្នកផ្ដល់សេវា',
  'providers.disconnect': 'ផ្ដាច់ {name}',
  'providers.disconnectAsk':
    'ផ្ដាច់ {name} មែនទេ? អ្នកនឹងមិនអាចចូលដោយប្រើវាបានទៀតទេ។ គណនីរបស់អ្នក និងវិធីចូលផ្សេងទៀតរបស់វា នៅដដែល។',
  'providers.disconnectYes': 'បាទ/ចាស ផ្ដាច់ {name}',
  'providers.keep': 'ទុកវាឱ្យនៅភ្ជាប់',
  'providers.disconnecting': 'កំពុងផ្ដាច់…',
  'providers.disconnected': '{name} ត្រូវបានផ្ដាច់ហើយ។',
  'providers.lastWayIn':
    '{name} គឺជាវិធីតែមួយគត់ដើម្បីចូលគណនីនេះ ដូច្នេះមិនអាចផ្ដាច់វាបានទេ។ សូមកំណត់ពាក្យសម្ងាត់ ឬបន្ថែមកូនសោសម្ងាត់ជាមុនសិន រួចផ្ដាច់វា។',
  'providers.disconnectFailed': '{name} មិនត្រូវបានផ្ដាច់ទេ។ {reason}',
  'providers.noPassword':
    'គណនីនេះគ្មានពាក្យសម្ងាត់ទេ៖ អ្នកចូលដោយប្រើអ្នកផ្ដល់សេវា។ ដើម្បីកំណត់ពាក្យសម្ងាត់ សូមចាកចេញ ជ្រើសរើស "ភ្លេចពាក្យសម្ងាត់?" នៅលើទំព័រចូល ហើយបញ្ចូលលេខកូដដែលយើងផ្ញើតាមអ៊ីមែល ជាមួយពាក្យសម្ងាត់ថ្មីរបស់អ្នក។',
  'providers.listFailed': 'មិនអាចផ្ទុកអ្នកផ្ដល់សេវាចូលគណនីបានទេ។',
  'providers.retry': 'ព្យាយាមម្ដងទៀត',
  'providers.openedBy': 'បានចូលជាមួយ {name}',
};

declare module '../../i18n/messages/en' {
  interface PartMessageIds {
    providers: ProvidersMessageId | ProviderButtonsMessageId;
  }
}
