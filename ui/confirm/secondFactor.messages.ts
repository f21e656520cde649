// The words of two-step sign-in (the login's second step and home's section): bundled with those
// parts' own chunks, not with the app's first load, and put beside the app's pack by WithWords
// (ui/intl/WithWords.tsx). Every export of this file is a pack (scripts/webpack/messagesToAst.cjs).
// English only: every translation is in its language's pack (i18n/messages/).
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

declare module '../../i18n/messages/en' {
  interface PartMessageIds {
    secondFactor: SecondFactorMessageId;
  }
}
