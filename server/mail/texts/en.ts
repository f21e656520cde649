// The account mails in English: ICU messages (intl-messageformat), one entry per mail. Values:
// {code} and {name} as given, {minutes} and {left} numbers (plural), {newEmail} an address; a
// security notice's {device} (./notice.ts) and {time}, and {support} (SUPPORT_CONTACT).

/** One mail's words: its subject, its paragraphs and, when it links to a view, the button's label. */
export interface MailText {
  subject: string;
  paragraphs: string[];
  button?: string;
}

const validFor = '{minutes, plural, one {# minute} other {# minutes}}';

export const en = {
  activation: {
    subject: 'Your activation code: {code}',
    paragraphs: [
      'Hello,',
      `Your activation code is {code}. It is valid for ${validFor} and can be used once.`,
      'If you did not sign up, you can ignore this message.',
    ],
    button: 'Activate your account',
  },
  finishSignup: {
    subject: 'Finish signing up: your activation code {code}',
    paragraphs: [
      'Hello,',
      'Someone asked to reset the password for this email address, but its account is not activated yet.',
      `To finish signing up, enter the activation code {code} and choose a new password. It is valid for ${validFor} and can be used once.`,
      'If you did not ask for it, you can ignore this message.',
    ],
    button: 'Choose a password and activate',
  },
  existingAccount: {
    subject: 'Someone tried to sign up with your email',
    paragraphs: [
      'Hello,',
      'Someone tried to create an account with this email address, which already has one. If it was you, log in, or ask for a new activation code if the account is not active yet.',
      'If it was not you, you can ignore this message: nothing has changed in your account.',
    ],
    button: 'Log in',
  },
  passwordReset: {
    subject: 'Your password reset code: {code}',
    paragraphs: [
      'Hello {name},',
      `Your code to choose a new password is {code}. It is valid for ${validFor} and can be used once.`,
      'If you did not ask for it, you can ignore this message: your password stays as it is.',
    ],
    button: 'Choose a new password',
  },
  passwordChanged: {
    subject: 'Your password was changed',
    paragraphs: [
      'Hello {name},',
      'The password of your account was just changed, and your other devices were signed out.',
      'This was done on {time}, from {device}.',
      'If this was not you, reset your password now.',
    ],
    button: 'Reset your password',
  },
  emailChangeCode: {
    subject: 'Your code to confirm your new email: {code}',
    paragraphs: [
      'Hello,',
      `To use this address for your account, enter the code {code} on your account page. It is valid for ${validFor}.`,
      'If you did not ask for it, you can ignore this message.',
    ],
    button: 'Confirm your new email',
  },
  emailChangeRequested: {
    subject: 'A change of your account email was requested',
    paragraphs: [
      'Hello {name},',
      'Someone signed in to your account asked to change its email address. The new address must be confirmed before it counts.',
      'This was done on {time}, from {device}.',
      'If this was not you, reset your password now.',
    ],
    button: 'Reset your password',
  },
  emailTaken: {
    subject: 'Someone tried to use your email address',
    paragraphs: [
      'Hello,',
      'Someone tried to move another account to this address, which already has an account. Nothing has changed.',
    ],
    button: 'Log in',
  },
  emailChanged: {
    subject: 'The email of your account was changed',
    paragraphs: [
      'Hello {name},',
      'Your account now uses the address {newEmail}. Your other devices were signed out.',
      'This was done on {time}, from {device}.',
      'If this was not you, contact {support} at once.',
    ],
  },
  secondFactorOn: {
    subject: 'Two-step sign-in is on',
    paragraphs: [
      'Hello {name},',
      'Signing in to your account now asks for a code from your authenticator app after the password. Keep your recovery codes somewhere safe: each one signs in once if the app is lost.',
      'This was done on {time}, from {device}.',
      'If this was not you, reset your password now.',
    ],
    button: 'Reset your password',
  },
  secondFactorOff: {
    subject: 'Two-step sign-in is off',
    paragraphs: [
      'Hello {name},',
      'Signing in to your account no longer asks for a code from your authenticator app, and your recovery codes no longer work.',
      'This was done on {time}, from {device}.',
      'If this was not you, reset your password now.',
    ],
    button: 'Reset your password',
  },
  passkeyAdded: {
    subject: 'A passkey was added to your account',
    paragraphs: [
      'Hello {name},',
      'A passkey named “{passkey}” was added to your account. It signs in without your password or a code from your authenticator app.',
      'This was done on {time}, from {device}.',
      'If this was not you, reset your password now, then remove the passkey: sign in, open the Passkeys section of your account ({passkeysLink}) and press “Remove” beside “{passkey}”. After a password reset, your account also offers to remove the passkeys added in the last days.',
    ],
    button: 'Reset your password',
  },
  passkeyRemoved: {
    subject: 'A passkey was removed from your account',
    paragraphs: [
      'Hello {name},',
      'The passkey named “{passkey}” was removed from your account: it no longer signs in.',
      'This was done on {time}, from {device}.',
      'If this was not you, reset your password now.',
    ],
    button: 'Reset your password',
  },
  providerConnected: {
    subject: 'A sign-in provider was connected to your account',
    paragraphs: [
      'Hello {name},',
      'Your {provider} account ({providerEmail}) was connected to your account: it now signs in without your password.',
      'This was done on {time}, from {device}.',
      'If this was not you, reset your password now, then disconnect {provider} from your account page.',
    ],
    button: 'Reset your password',
  },
  providerDisconnected: {
    subject: 'A sign-in provider was disconnected from your account',
    paragraphs: [
      'Hello {name},',
      'Your {provider} account was disconnected from your account: it no longer signs in.',
      'This was done on {time}, from {device}.',
      'If this was not you, reset your password now.',
    ],
    button: 'Reset your password',
  },
  accountDeleted: {
    subject: 'Your account was deleted',
    paragraphs: [
      'Hello {name},',
      'Your account and all its data were deleted for good. You can sign up again with this email at any time.',
      'This was done on {time}, from {device}.',
    ],
  },
  existingAccountOwner: {
    subject: 'Someone tried to sign up with your email',
    paragraphs: [
      'Hello {name},',
      'Someone tried to create an account with this email address, which already has yours. If it was you, log in: your account is there.',
      'If it was not you, you can ignore this message: nothing has changed in your account.',
    ],
    button: 'Log in',
  },
  emailTakenOwner: {
    subject: 'Someone tried to use your email address',
    paragraphs: [
      'Hello {name},',
      'Someone tried to move another account to this address, which is your account’s. Nothing has changed.',
    ],
    button: 'Log in',
  },
  recoveryCodeUsed: {
    subject: 'A recovery code was used to sign in',
    paragraphs: [
      'Hello {name},',
      'One of your recovery codes was just used to sign in to your account, in place of a code from your authenticator app. It no longer works: you have {left, plural, one {# recovery code} other {# recovery codes}} left.',
      'This was done on {time}, from {device}.',
      'If this was not you, reset your password now, then make new recovery codes.',
    ],
    button: 'Reset your password',
  },
  newDevice: {
    subject: 'A sign-in from a new device',
    paragraphs: [
      'Hello {name},',
      'Your account was just signed in to from a device it has not been used on before.',
      'This was done on {time}, from {device}.',
      'If this was you, there is nothing to do. If not, reset your password now: it also signs that device out.',
    ],
    button: 'Reset your password',
  },
  accountLockedBySupport: {
    subject: 'Your account was locked',
    paragraphs: [
      'Hello {name},',
      'Support locked your account on {time}: it cannot be signed in to, and every session of it has ended.',
      'To know why, or to have it unlocked, contact {support}.',
    ],
  },
  accountUnlockedBySupport: {
    subject: 'Your account was unlocked',
    paragraphs: [
      'Hello {name},',
      'Support unlocked your account on {time}: you can sign in again as before.',
      'If you did not expect this, contact {support}.',
    ],
  },
  sessionsEndedBySupport: {
    subject: 'Support signed your account out',
    paragraphs: [
      'Hello {name},',
      'Support ended {count, plural, one {# session} other {# sessions}} of your account on {time}: those devices must sign in again.',
      'If you did not ask for it, contact {support}.',
    ],
  },
  accountDeletedBySupport: {
    subject: 'Your account was deleted',
    paragraphs: [
      'Hello {name},',
      'Support deleted your account and all its data on {time}. You can sign up again with this email at any time.',
      'If you did not ask for it, contact {support}.',
    ],
  },
} satisfies Record<string, MailText>;

/** How a notice names a device: its browser on its system, or whichever of them is known. */
export const enDevice = { both: '{browser} on {system}', unknown: 'a device we do not recognise' };

export type MailKind = keyof typeof en;
