// The words of confirming it is you on home (one confirmation for ten minutes of sensitive
// changes): bundled with home's chunk, not with the app's first load, and put beside the app's pack
// by WithWords (ui/intl/WithWords.tsx). Every export of this file is a pack
// (scripts/webpack/messagesToAst.cjs).
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

export const confirmationKh: Record<ConfirmationMessageId, string> = {
  'confirm.title': 'បញ្ជាក់ថាជាអ្នក',
  'confirm.why.email': 'ដើម្បីប្ដូរអ៊ីមែលរបស់អ្នក សូមបញ្ជាក់ថាជាអ្នកជាមុនសិន។',
  'confirm.why.password': 'ដើម្បីប្ដូរពាក្យសម្ងាត់របស់អ្នក សូមបញ្ជាក់ថាជាអ្នកជាមុនសិន។',
  'confirm.why.passkeys': 'ដើម្បីបន្ថែម ឬដកកូនសោសម្ងាត់ចេញ សូមបញ្ជាក់ថាជាអ្នកជាមុនសិន។',
  'confirm.why.security': 'ដើម្បីប្ដូរការចូលគណនីពីរជំហាន សូមបញ្ជាក់ថាជាអ្នកជាមុនសិន។',
  'confirm.why.delete': 'ដើម្បីលុបគណនីរបស់អ្នក សូមបញ្ជាក់ថាជាអ្នកជាមុនសិន។',
  'confirm.why.providers': 'ដើម្បីភ្ជាប់ ឬផ្ដាច់អ្នកផ្ដល់សេវាចូលគណនី សូមបញ្ជាក់ថាជាអ្នកជាមុនសិន។',
  'confirm.why.operator':
    'ដើម្បីប្រើកុងសូលជំនួយ សូមបញ្ជាក់ថាជាអ្នកដោយការចូលគណនីពីរជំហាន ឬកូនសោសម្ងាត់៖ ពាក្យសម្ងាត់តែមួយមិនគ្រប់គ្រាន់ទេ។',
  'confirm.lasts':
    'បន្ទាប់មក អ្នកអាចធ្វើការផ្លាស់ប្ដូរបានរយៈពេល {minutes, number, digits} នាទី លើឧបករណ៍នេះ ដោយមិនត្រូវបានសួរម្ដងទៀតទេ។',
  'confirm.lapsed': 'ការបញ្ជាក់របស់អ្នកបានផុតកំណត់។ សូមបញ្ជាក់ថាជាអ្នកម្ដងទៀត ដើម្បីបន្ត។',
  'confirm.submit': 'បញ្ជាក់',
  'confirm.submitting': 'កំពុងពិនិត្យ…',
  'confirm.withPasskey': 'ប្រើកូនសោសម្ងាត់ជំនួសវិញ',
  'confirm.withPasskeyBusy': 'សូមធ្វើតាមជំហានរបស់កម្មវិធីរុករករបស់អ្នក…',
  'confirm.passkeyCancelled':
    'មិនបានប្រើកូនសោសម្ងាត់ទេ៖ ផ្ទាំងរបស់កម្មវិធីរុករកត្រូវបានបិទ។ សូមព្យាយាមម្ដងទៀត ឬប្រើពាក្យសម្ងាត់របស់អ្នក។',
  'confirm.passkeyRefused': 'កូនសោសម្ងាត់មិនបានបញ្ជាក់ថាជាអ្នកទេ។ សូមព្យាយាមម្ដងទៀត ឬប្រើពាក្យសម្ងាត់របស់អ្នក។',
  'confirm.done': 'បានបញ្ជាក់ហើយ។ អ្នកអាចធ្វើការផ្លាស់ប្ដូរបានរហូតដល់ម៉ោង {time}។',
  'confirm.withProvider': 'បញ្ជាក់ជាមួយ {name}',
  'confirm.withProviderBusy': 'កំពុងបើក {name}…',
  'confirm.providerFailed': '{name} មិនអាចបញ្ជាក់ថាជាអ្នកបានទេ។ សូមព្យាយាមម្ដងទៀត។',
};
