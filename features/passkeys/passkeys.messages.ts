// The words of home's passkeys section: bundled with home's chunk, not with the app's first load,
// and put beside the app's pack by WithWords (ui/intl/WithWords.tsx). Every export of
// this file is a pack (scripts/webpack/messagesToAst.cjs). The login view's passkey words are a pack
// of their own below, in the chunk of the login view's passkey button.
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

export const passkeysKh: Record<PasskeyMessageId, string> = {
  'passkeys.title': 'កូនសោសម្ងាត់ (passkey)',
  'passkeys.intro':
    'ចូលគណនីដោយស្នាមម្រាមដៃ មុខ ឬការចាក់សោអេក្រង់ ជំនួសពាក្យសម្ងាត់។ ឧបករណ៍នីមួយៗរក្សាកូនសោសម្ងាត់ផ្ទាល់ខ្លួន។',
  'passkeys.loading': 'កំពុងផ្ទុកកូនសោសម្ងាត់របស់អ្នក…',
  'passkeys.none': 'អ្នកមិនទាន់មានកូនសោសម្ងាត់នៅឡើយទេ។',
  'passkeys.added': 'បានបន្ថែម៖ {date}',
  'passkeys.lastUsed': 'ប្រើចុងក្រោយ៖ {date}',
  'passkeys.neverUsed': 'មិនទាន់បានប្រើ',
  'passkeys.nameLabel': 'ឈ្មោះកូនសោសម្ងាត់',
  'passkeys.newNameLabel': 'ឈ្មោះកូនសោសម្ងាត់ថ្មី',
  'passkeys.nameHint': 'ដើម្បីស្គាល់កូនសោសម្ងាត់នីមួយៗ ដូចជាឈ្មោះឧបករណ៍ដែលរក្សាវា។',
  'passkeys.add': 'បន្ថែមកូនសោសម្ងាត់',
  'passkeys.adding': 'សូមធ្វើតាមជំហានរបស់កម្មវិធីរុករក…',
  'passkeys.unsupported':
    'កម្មវិធីរុករកនេះមិនអាចបង្កើតកូនសោសម្ងាត់បានទេ។ សូមបើកទំព័រនេះក្នុងកម្មវិធីរុករកថ្មីដើម្បីបន្ថែម។',
  'passkeys.cancelled':
    'មិនបានបង្កើតកូនសោសម្ងាត់ទេ៖ ផ្ទាំងរបស់កម្មវិធីរុករកត្រូវបានបិទ ឬរង់ចាំយូរពេក។ សូមព្យាយាមម្ដងទៀតនៅពេលអ្នករួចរាល់។',
  'passkeys.alreadyRegistered': 'ឧបករណ៍នេះមានកូនសោសម្ងាត់សម្រាប់គណនីរបស់អ្នករួចហើយ។',
  'passkeys.failed': 'កម្មវិធីរុករករបស់អ្នកមិនអាចបង្កើតកូនសោសម្ងាត់បានទេ។ សូមព្យាយាមម្ដងទៀត។',
  'passkeys.notAccepted': 'មិនអាចពិនិត្យកូនសោសម្ងាត់បានទេ។ សូមព្យាយាមម្ដងទៀត។',
  'passkeys.full':
    'អ្នកមានកូនសោសម្ងាត់ {count, number, digits} ហើយ ដែលជាចំនួនច្រើនបំផុតសម្រាប់គណនីមួយ។ សូមដកមួយចេញ ដើម្បីបន្ថែមថ្មី។',
  'passkeys.rename': 'ប្ដូរឈ្មោះ',
  'passkeys.renameLabel': 'ប្ដូរឈ្មោះ {name}',
  'passkeys.save': 'រក្សាទុក',
  'passkeys.saving': 'កំពុងរក្សាទុក…',
  'passkeys.cancel': 'បោះបង់',
  'passkeys.remove': 'ដកចេញ',
  'passkeys.removeLabel': 'ដកចេញ {name}',
  'passkeys.removeIntro': 'ដកកូនសោសម្ងាត់នេះចេញមែនទេ? អ្នកនឹងមិនអាចចូលគណនីដោយវាទៀតទេ។',
  'passkeys.removeSubmit': 'ដកកូនសោសម្ងាត់ចេញ',
  'passkeys.removing': 'កំពុងដកចេញ…',
  'passkeys.doneAdded': 'កូនសោសម្ងាត់របស់អ្នកត្រូវបានបន្ថែម។',
  'passkeys.doneRenamed': 'កូនសោសម្ងាត់ត្រូវបានប្ដូរឈ្មោះ។',
  'passkeys.doneRemoved': 'កូនសោសម្ងាត់ត្រូវបានដកចេញ។',
  'passkeys.loadFailed': 'មិនអាចផ្ទុកកូនសោសម្ងាត់របស់អ្នកបានទេ។',
  'passkeys.retry': 'ព្យាយាមម្ដងទៀត',
  'passkeys.reviewTitle': 'កូនសោសម្ងាត់ដែលបានបន្ថែមក្នុងរយៈពេល {days, number, digits} ថ្ងៃចុងក្រោយ',
  'passkeys.reviewAfterReset':
    'ពាក្យសម្ងាត់របស់អ្នកត្រូវបានកំណត់ឡើងវិញ ប៉ុន្តែកូនសោសម្ងាត់នៅតែអាចចូលគណនីបានដោយគ្មានវា។ ប្រសិនបើអ្នកមិនបានបន្ថែមកូនសោណាមួយក្នុងចំណោមទាំងនេះទេ សូមដកវាចេញ។',
  'passkeys.reviewAfterEndOthers':
    'ឧបករណ៍ផ្សេងទៀតត្រូវបានចាកចេញហើយ ប៉ុន្តែកូនសោសម្ងាត់នៅតែអាចចូលគណនីបាន។ ប្រសិនបើអ្នកមិនបានបន្ថែមកូនសោណាមួយក្នុងចំណោមទាំងនេះទេ សូមដកវាចេញ។',
  'passkeys.reviewLink': 'ជ្រើសរើសកូនសោដែលត្រូវដកចេញ',
  'passkeys.reviewChoose': 'គូសធីកកូនសោសម្ងាត់នីមួយៗដែលអ្នកមិនបានបន្ថែម',
  'passkeys.reviewRemove': 'ដកកូនសោសម្ងាត់ដែលបានគូសធីកចេញ',
  'passkeys.reviewRemoving': 'កំពុងដកចេញ…',
  'passkeys.reviewKeep': 'ខ្ញុំបានបន្ថែមវាទាំងអស់៖ រក្សាទុកវា',
  'passkeys.reviewNoneTicked': 'សូមគូសធីកកូនសោសម្ងាត់ដើម្បីដកវាចេញ ឬរក្សាទុកវាទាំងអស់។',
  'passkeys.reviewConfirmFirst': 'សូមបញ្ជាក់ថាជាអ្នកនៅខាងក្រោម រួចជ្រើសរើសកូនសោដែលត្រូវដកចេញ។',
};

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

export const passkeyLoginKh: Record<PasskeyLoginMessageId, string> = {
  'passkeyLogin.button': 'ចូលគណនីដោយកូនសោសម្ងាត់',
  'passkeyLogin.waiting': 'កំពុងរង់ចាំកូនសោសម្ងាត់របស់អ្នក…',
  'passkeyLogin.unsupported': 'កម្មវិធីរុករកនេះមិនអាចប្រើកូនសោសម្ងាត់បានទេ៖ សូមចូលគណនីដោយពាក្យសម្ងាត់របស់អ្នក។',
  'passkeyLogin.cancelled':
    'ការចូលគណនីដោយកូនសោសម្ងាត់ត្រូវបានបោះបង់។ សូមព្យាយាមម្ដងទៀត ឬចូលគណនីដោយពាក្យសម្ងាត់របស់អ្នក។',
  'passkeyLogin.invalid':
    'កូនសោសម្ងាត់នេះមិនបានចុះឈ្មោះនៅទីនេះទេ ឬមិនអាចពិនិត្យបាន។ សូមសាកល្បងកូនសោផ្សេង ឬចូលគណនីដោយពាក្យសម្ងាត់របស់អ្នក។',
  'passkeyLogin.failed':
    'កម្មវិធីរុករករបស់អ្នកមិនអាចប្រើកូនសោសម្ងាត់បានទេ។ សូមព្យាយាមម្ដងទៀត ឬចូលគណនីដោយពាក្យសម្ងាត់របស់អ្នក។',
  'passkeyLogin.unknown':
    'គ្មានគណនីណានៅទីនេះមានកូនសោសម្ងាត់នេះទៀតទេ៖ វាត្រូវបានលុប ឬគណនីរបស់វាត្រូវបានលុប។ សូមចូលគណនីដោយពាក្យសម្ងាត់ ឬចុះឈ្មោះម្ដងទៀត។',
};

declare module '../../i18n/messages/en' {
  interface PartMessageIds {
    passkeys: PasskeyMessageId | PasskeyLoginMessageId;
  }
}
