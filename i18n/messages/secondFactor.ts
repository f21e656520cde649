// The words of two-step sign-in (the login's second step and home's section): bundled with those
// parts' own chunks, not with the app's first load, and put beside the app's pack by WithWords
// (ui/intl/WithWords.tsx). Every export of this file is a pack (scripts/webpack/messagesToAst.cjs).
export const secondFactorEn = {
  'secondStep.intro': 'Your password is right. One more step to log in.',
  'secondStep.as': 'Logging in as {email}.',
  'field.totpCode.label': 'Code from your authenticator app',
  'field.totpCode.hint': 'The 6 digits your app shows now. They change every 30 seconds.',
  'field.recoveryCode.label': 'Recovery code',
  'field.recoveryCode.hint':
    'One of the codes you saved, like abcd-efgh-ijkl-mnop. Each works once.',
  'fieldError.invalidRecoveryCode':
    'A recovery code has 16 letters and digits, like abcd-efgh-ijkl-mnop.',
  'secondStep.submit': 'Continue',
  'secondStep.submitting': 'Checking…',
  'secondStep.useRecovery': 'Use a recovery code instead',
  'secondStep.useApp': 'Use a code from your authenticator app',
  'secondStep.back': 'Use a different account',
  'secondStep.wrongCode':
    'That code is not right, or it was already used. Wait for the next code in your app, then try again.',
  'secondStep.wrongRecoveryCode': 'That recovery code is not right, or it was already used.',
  'secondStep.codesSpent':
    'Too many wrong codes were tried for this account, so codes from your app are refused for now. Use one of your recovery codes instead. No recovery code left? Reset your password with the link we email you: it makes app codes work again.',
  'totp.title': 'Two-step sign-in',
  'totp.intro':
    'After your password, we also ask for a code from an authenticator app on your phone, so your password alone cannot open your account.',
  'totp.isOff': 'Two-step sign-in is off.',
  'totp.isOn': 'Two-step sign-in is on.',
  'totp.codesLeft':
    'You have {count, plural, one {# recovery code} other {# recovery codes}} left.',
  'totp.start': 'Set up two-step sign-in',
  'totp.starting': 'Checking…',
  'totp.scan':
    '1. Add your account to an authenticator app: scan the QR code, or type the key by hand.',
  'totp.openOrScan':
    '1. Add your account to an authenticator app: open it in the app on this phone, or scan the QR code from another device, or type the key by hand.',
  'totp.openInApp': 'Open in authenticator app',
  'totp.qrAlt': 'QR code for your authenticator app. It holds the same key as the text below.',
  'totp.keyLabel': 'Key to type by hand',
  'totp.copy': 'Copy',
  'totp.copied': 'Copied.',
  'totp.enterCode': '2. Enter the 6-digit code your app now shows.',
  'totp.confirm': 'Turn on',
  'totp.confirming': 'Turning on…',
  'totp.cancel': 'Cancel',
  'totp.codesTitle': 'Your recovery codes',
  'totp.codesIntro':
    'If you lose your phone, each code signs you in once in place of a code from the app. Save them somewhere safe now: they are shown only this once.',
  'totp.turnedOn': 'Two-step sign-in is on.',
  'totp.download': 'Download',
  'totp.saved': 'I have saved them',
  'totp.codesFile': 'Recovery codes for {email}. Each code works once.',
  'totp.renewTitle': 'Make new recovery codes',
  'totp.renewIntro': 'The new codes replace all the old ones.',
  'totp.renew': 'Make new codes',
  'totp.renewing': 'Making…',
  'totp.offTitle': 'Turn off two-step sign-in',
  'totp.off': 'Turn off',
  'totp.turningOff': 'Turning off…',
  'totp.turnedOff': 'Two-step sign-in is off. Your password alone signs you in.',
  'totp.alreadyOn': 'Two-step sign-in is already on. Reload the page to see it.',
  'totp.notOn': 'Two-step sign-in is not set up any more. Reload the page and start again.',
  'totp.loadFailed': 'We could not check whether two-step sign-in is on.',
  'totp.retry': 'Try again',
  'totp.renewed': 'New recovery codes made. The old ones no longer work.',
  'totp.copyByHand':
    'This browser did not copy it. Select and copy it yourself: it is selected for you.',
} as const satisfies Record<string, string>;

export type SecondFactorMessageId = keyof typeof secondFactorEn;

export const secondFactorKh: Record<SecondFactorMessageId, string> = {
  'secondStep.intro': 'ពាក្យសម្ងាត់របស់អ្នកត្រឹមត្រូវ។ នៅសល់មួយជំហានទៀតដើម្បីចូលគណនី។',
  'secondStep.as': 'កំពុងចូលគណនីជា {email}។',
  'field.totpCode.label': 'លេខកូដពីកម្មវិធីផ្ទៀងផ្ទាត់របស់អ្នក',
  'field.totpCode.hint': 'លេខ ៦ ខ្ទង់ដែលកម្មវិធីរបស់អ្នកបង្ហាញឥឡូវនេះ។ វាផ្លាស់ប្តូររៀងរាល់ ៣០ វិនាទី។',
  'field.recoveryCode.label': 'លេខកូដសង្គ្រោះ',
  'field.recoveryCode.hint':
    'លេខកូដមួយក្នុងចំណោមលេខកូដដែលអ្នកបានរក្សាទុក ដូចជា abcd-efgh-ijkl-mnop។ លេខកូដនីមួយៗប្រើបានតែម្តង។',
  'fieldError.invalidRecoveryCode': 'លេខកូដសង្គ្រោះមានអក្សរ និងលេខ ១៦ តួ ដូចជា abcd-efgh-ijkl-mnop។',
  'secondStep.submit': 'បន្ត',
  'secondStep.submitting': 'កំពុងពិនិត្យ…',
  'secondStep.useRecovery': 'ប្រើលេខកូដសង្គ្រោះជំនួសវិញ',
  'secondStep.useApp': 'ប្រើលេខកូដពីកម្មវិធីផ្ទៀងផ្ទាត់របស់អ្នក',
  'secondStep.back': 'ប្រើគណនីផ្សេង',
  'secondStep.wrongCode':
    'លេខកូដនោះមិនត្រឹមត្រូវ ឬត្រូវបានប្រើរួចហើយ។ សូមរង់ចាំលេខកូដបន្ទាប់ក្នុងកម្មវិធីរបស់អ្នក រួចព្យាយាមម្តងទៀត។',
  'secondStep.wrongRecoveryCode': 'លេខកូដសង្គ្រោះនោះមិនត្រឹមត្រូវ ឬត្រូវបានប្រើរួចហើយ។',
  'secondStep.codesSpent':
    'មានការសាកល្បងលេខកូដខុសច្រើនពេកសម្រាប់គណនីនេះ ដូច្នេះលេខកូដពីកម្មវិធីរបស់អ្នកត្រូវបានបដិសេធសិន។ សូមប្រើលេខកូដសង្គ្រោះមួយរបស់អ្នកជំនួសវិញ។ គ្មានលេខកូដសង្គ្រោះនៅសល់ទេ? សូមកំណត់ពាក្យសម្ងាត់របស់អ្នកឡើងវិញតាមតំណដែលយើងផ្ញើទៅអ៊ីមែលរបស់អ្នក៖ វាធ្វើឱ្យលេខកូដពីកម្មវិធីដំណើរការម្ដងទៀត។',
  'totp.title': 'ការចូលគណនីពីរជំហាន',
  'totp.intro':
    'បន្ទាប់ពីពាក្យសម្ងាត់ យើងក៏សុំលេខកូដពីកម្មវិធីផ្ទៀងផ្ទាត់នៅលើទូរសព្ទរបស់អ្នកដែរ ដូច្នេះពាក្យសម្ងាត់តែមួយមិនអាចបើកគណនីរបស់អ្នកបានទេ។',
  'totp.isOff': 'ការចូលគណនីពីរជំហានត្រូវបានបិទ។',
  'totp.isOn': 'ការចូលគណនីពីរជំហានត្រូវបានបើក។',
  'totp.codesLeft': 'អ្នកនៅសល់លេខកូដសង្គ្រោះ {count, number, digits}។',
  'totp.start': 'រៀបចំការចូលគណនីពីរជំហាន',
  'totp.starting': 'កំពុងពិនិត្យ…',
  'totp.scan': '១. បញ្ចូលគណនីរបស់អ្នកទៅក្នុងកម្មវិធីផ្ទៀងផ្ទាត់៖ ស្កេនកូដ QR ឬវាយសោដោយដៃ។',
  'totp.openOrScan':
    '១. បញ្ចូលគណនីរបស់អ្នកទៅក្នុងកម្មវិធីផ្ទៀងផ្ទាត់៖ បើកវានៅក្នុងកម្មវិធីលើទូរសព្ទនេះ ឬស្កេនកូដ QR ពីឧបករណ៍ផ្សេងទៀត ឬវាយសោដោយដៃ។',
  'totp.openInApp': 'បើកក្នុងកម្មវិធីផ្ទៀងផ្ទាត់',
  'totp.qrAlt': 'កូដ QR សម្រាប់កម្មវិធីផ្ទៀងផ្ទាត់របស់អ្នក។ វាមានសោដូចគ្នានឹងអត្ថបទខាងក្រោម។',
  'totp.keyLabel': 'សោសម្រាប់វាយដោយដៃ',
  'totp.copy': 'ចម្លង',
  'totp.copied': 'បានចម្លងហើយ។',
  'totp.enterCode': '២. បញ្ចូលលេខកូដ ៦ ខ្ទង់ដែលកម្មវិធីរបស់អ្នកបង្ហាញឥឡូវនេះ។',
  'totp.confirm': 'បើក',
  'totp.confirming': 'កំពុងបើក…',
  'totp.cancel': 'បោះបង់',
  'totp.codesTitle': 'លេខកូដសង្គ្រោះរបស់អ្នក',
  'totp.codesIntro':
    'ប្រសិនបើអ្នកបាត់ទូរសព្ទ លេខកូដនីមួយៗអាចឱ្យអ្នកចូលគណនីបានម្តង ជំនួសលេខកូដពីកម្មវិធី។ សូមរក្សាទុកវានៅកន្លែងសុវត្ថិភាពឥឡូវនេះ៖ វាបង្ហាញតែម្តងនេះប៉ុណ្ណោះ។',
  'totp.turnedOn': 'ការចូលគណនីពីរជំហានត្រូវបានបើក។',
  'totp.download': 'ទាញយក',
  'totp.saved': 'ខ្ញុំបានរក្សាទុកវាហើយ',
  'totp.codesFile': 'លេខកូដសង្គ្រោះសម្រាប់ {email}។ លេខកូដនីមួយៗប្រើបានតែម្តង។',
  'totp.renewTitle': 'បង្កើតលេខកូដសង្គ្រោះថ្មី',
  'totp.renewIntro': 'លេខកូដថ្មីជំនួសលេខកូដចាស់ទាំងអស់។',
  'totp.renew': 'បង្កើតលេខកូដថ្មី',
  'totp.renewing': 'កំពុងបង្កើត…',
  'totp.offTitle': 'បិទការចូលគណនីពីរជំហាន',
  'totp.off': 'បិទ',
  'totp.turningOff': 'កំពុងបិទ…',
  'totp.turnedOff': 'ការចូលគណនីពីរជំហានត្រូវបានបិទ។ ពាក្យសម្ងាត់តែមួយអាចឱ្យអ្នកចូលគណនីបាន។',
  'totp.alreadyOn': 'ការចូលគណនីពីរជំហានត្រូវបានបើករួចហើយ។ សូមផ្ទុកទំព័រឡើងវិញដើម្បីមើលវា។',
  'totp.notOn': 'ការចូលគណនីពីរជំហានមិនត្រូវបានរៀបចំទៀតទេ។ សូមផ្ទុកទំព័រឡើងវិញ ហើយចាប់ផ្តើមម្តងទៀត។',
  'totp.loadFailed': 'យើងមិនអាចពិនិត្យមើលថាតើការចូលគណនីពីរជំហានត្រូវបានបើកឬអត់ទេ។',
  'totp.retry': 'ព្យាយាមម្ដងទៀត',
  'totp.renewed': 'លេខកូដសង្គ្រោះថ្មីត្រូវបានបង្កើត។ លេខកូដចាស់លែងប្រើបានទៀតហើយ។',
  'totp.copyByHand':
    'កម្មវិធីរុករកនេះមិនបានចម្លងវាទេ។ សូមជ្រើសរើស ហើយចម្លងវាដោយខ្លួនឯង៖ យើងបានជ្រើសរើសវាឱ្យអ្នករួចហើយ។',
};
