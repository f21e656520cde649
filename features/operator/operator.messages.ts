// The operator console's words (support's view of users): bundled with the console's chunk only,
// put beside the app's pack by WithWords (ui/intl/WithWords.tsx). Every export of this
// file is a pack (scripts/webpack/messagesToAst.cjs), run at build time: it imports no code. A
// limit's words in English are the replay's own (LIMIT_WORDS in store/actionLog/serverEvents.ts,
// kept equal by features/operator/__tests__/limitWords.test.ts), so a record reads the same in the
// console and the replay.
// English only: every translation is in its language's pack (i18n/messages/).
import type { LIMIT_WORDS } from '../../store/actionLog/serverEvents';

const limitsEn = {
  'operator.limit.code-pair': 'for this code from this address',
  'operator.limit.code-address': 'for codes from this address',
  'operator.limit.code-target': "for this email's codes",
  'operator.limit.login-pair': 'for this email from this address',
  'operator.limit.login-address': 'for logins from this address',
  'operator.limit.login-email': 'for this email',
  'operator.limit.signup': 'for sign-ups from this address',
  'operator.limit.resend': 'for resends to this email',
  'operator.limit.password-reset': 'for resets of this email',
  'operator.limit.password-reset-address': 'for resets from this address',
  'operator.limit.account-password-session': "for this session's password checks",
  'operator.limit.account-password-address': 'for password checks from this address',
  'operator.limit.change-email': 'for email changes of this account',
  'operator.limit.email-change-resend': 'for resends of this email change',
  'operator.limit.operator-calls': "for this operator's calls",
} satisfies Record<`operator.limit.${keyof typeof LIMIT_WORDS}`, string>;

export const operatorEn = {
  'operator.title': 'Support console',
  'operator.nav': 'Console sections',
  'operator.panel.users': 'Users',
  'operator.panel.address': 'Client address',
  'operator.panel.reference': 'Activity log',
  'operator.checking': 'Checking that you may use the support console…',
  'operator.loadFailed': 'This could not be loaded: {reason}',
  'operator.retry': 'Try again',
  'operator.setUp':
    'The support console needs two-step sign-in or a passkey, confirmed in the last 10 minutes. Your account has neither: set one up first, then come back.',
  'operator.setUpLink': 'Set up two-step sign-in or a passkey',
  'operator.passkeyOnly':
    'Your account has a passkey and no two-step sign-in: confirm with the passkey (a password alone is not enough here).',
  'operator.lapsed': 'Your confirmation has ended. Confirm it is you again to go on.',

  'operator.search.title': 'Find a user',
  'operator.search.label': 'Email or user id',
  'operator.search.hint': 'The start of an email is enough.',
  'operator.search.submit': 'Find',
  'operator.search.busy': 'Finding…',
  'operator.search.none': 'No user has an email that starts with “{text}”, nor that id.',
  'operator.search.count': '{count, plural, one {# user found} other {# users found}}',
  'operator.search.empty': 'Type an email (or its start) or a user id.',

  'operator.user.back': 'Back to the search',
  'operator.user.loading': 'Loading the user…',
  'operator.user.notFound': 'No user has this id (the account may have been deleted).',
  'operator.summary': 'Summary',
  'operator.summary.email': 'Email',
  'operator.summary.id': 'User id',
  'operator.summary.created': 'Signed up',
  'operator.summary.activated': 'Activated',
  'operator.summary.notActivated': 'Not yet',
  'operator.summary.locked': 'Locked',
  'operator.summary.lockedSince': 'Yes, since {time}',
  'operator.summary.no': 'No',
  'operator.summary.yes': 'Yes',
  'operator.summary.secondFactor': 'Two-step sign-in',
  'operator.summary.on': 'On',
  'operator.summary.off': 'Off',
  'operator.summary.passkeys': 'Passkeys',
  'operator.summary.passkeyCount': '{count, plural, one {# passkey} other {# passkeys}}',
  'operator.summary.lastSignIn': 'Last sign-in',
  'operator.summary.noSignIn': 'None on record (the record keeps 30 days)',
  'operator.summary.providers': 'Sign-in providers',
  'operator.summary.provider': '{name} ({email}), since {time}',
  'operator.summary.noProviders': 'None',
  'operator.summary.operator': 'Operator',
  'operator.badge.locked': 'Locked',
  'operator.badge.pending': 'Not activated',

  'operator.sessions': 'Live sessions',
  'operator.sessions.none': 'No live session.',
  'operator.session.line': '{method}, last used {time}',
  'operator.session.since': 'Opened {time}',
  'operator.method.password': 'Password',
  'operator.method.passkey': 'Passkey',
  'operator.method.password+totp': 'Password and app code',
  'operator.method.password+recovery': 'Password and recovery code',
  'operator.method.provider': 'Sign-in provider {provider}',

  'operator.actions': 'Actions',
  'operator.action.endSession': 'End this session',
  'operator.action.endAllSessions': 'End all sessions',
  'operator.action.lock': 'Lock the account',
  'operator.action.unlock': 'Unlock the account',
  'operator.action.resendActivation': 'Mail a new activation code',
  'operator.action.delete': 'Delete the account',
  'operator.ask.endSession':
    'End this session of {email}? They sign in again on that device. They are mailed.',
  'operator.ask.endAllSessions':
    'End every session of {email}? They sign in again everywhere. They are mailed.',
  'operator.ask.lock':
    'Lock {email}? Their sessions end and no way in works until it is unlocked. They are mailed.',
  'operator.ask.unlock': 'Unlock {email}? Every way in works again. They are mailed.',
  'operator.ask.resendActivation': 'Mail {email} a new activation code?',
  'operator.ask.delete':
    'Delete {email} and everything of theirs? This cannot be undone. They are mailed.',
  'operator.ask.confirm': 'Yes, go on',
  'operator.ask.cancel': 'Cancel',
  'operator.sending': 'Sending…',
  'operator.done.endSessions':
    '{count, plural, one {# session ended; the user was mailed.} other {# sessions ended; the user was mailed.}}',
  'operator.done.lock': 'The account is locked and its sessions ended; the user was mailed.',
  'operator.done.unlock': 'The account is unlocked; the user was mailed.',
  'operator.done.resendActivation': 'A new activation code was mailed.',
  'operator.done.delete': 'The account was deleted; the user was mailed.',
  'operator.actionFailed': 'That did not go through: {reason}',

  'operator.events': 'Record, newest first',
  'operator.events.loading': 'Loading the record…',
  'operator.events.none': 'Nothing on record.',
  'operator.events.more': 'Older events',
  'operator.events.moreBusy': 'Loading older events…',
  'operator.event.line': '{endpoint} {status} {verdict}',
  'operator.event.try': 'try {used} of {points} {what}',
  'operator.event.noneLeft': 'no try left of {points} {what}',
  'operator.event.limitOther': 'on {name}',
  'operator.event.byOperator': 'by an operator',
  'operator.event.address': 'address {hash}',

  'operator.address.title': 'Events of a client address',
  'operator.address.label': 'Client address (IPv4 or IPv6)',
  'operator.address.hint':
    'Looked up through the keyed hash the record keeps; the address itself is never stored.',
  'operator.address.submit': 'Show its events',
  'operator.address.invalid': 'That is not an IPv4 or IPv6 address.',

  'operator.uploads': 'Activity logs sent',
  'operator.uploads.loading': 'Loading the activity logs…',
  'operator.uploads.none': 'This user has sent no activity log.',
  'operator.uploads.line': 'Sent {time}, {kb, number} KB',
  'operator.uploads.lastPath': 'Last page: {path}',
  'operator.uploads.open': 'Open {reference} in the replay page',
  'operator.reference.title': 'Open an activity log',
  'operator.reference.label': 'Reference',
  'operator.reference.hint':
    'The reference the visitor was shown when they sent their log (like 7K3M-Q9XA). It opens in the replay page.',
  'operator.reference.submit': 'Open in the replay page',
  'operator.panel.funnel': 'Funnel',
  'operator.funnel.title': 'The funnel of every visitor',
  'operator.funnel.about':
    'Counted from what the server decided on every account request (kept 30 days), not from the activity logs visitors send. Days are UTC.',
  'operator.funnel.from': 'From',
  'operator.funnel.to': 'To (included)',
  'operator.funnel.submit': 'Show',
  'operator.funnel.busy': 'Counting…',
  'operator.funnel.loading': 'Counting the funnel…',
  'operator.funnel.invalid':
    'Choose a first day on or before the last one, at most 366 days apart.',
  'operator.funnel.period': 'From {from} to {to}',
  'operator.funnel.date': '{month} {day}, {year}',
  'operator.funnel.days': 'Day by day',
  'operator.funnel.day': 'Day (UTC)',
  'operator.funnel.signups': 'Sign-ups',
  'operator.funnel.activations': 'Activations',
  'operator.funnel.firstLogins': 'First logins',
  'operator.funnel.logins': 'Logins',
  'operator.funnel.resetsRequested': 'Password resets asked',
  'operator.funnel.resetsCompleted': 'Passwords reset',
  'operator.funnel.secondFactorFailures': 'Wrong two-step codes',
  'operator.funnel.refusals': 'Refusals',
  'operator.funnel.signupToActivation': 'Sign-up to activation',
  'operator.funnel.resetToNewPassword': 'Reset asked to new password',
  'operator.funnel.medianP90': 'median {median}, 90% within {p90}',
  'operator.funnel.percentiles':
    'Times are nearest-rank: half of the steps completed took at most the median, nine in ten at most the 90% figure.',
  'operator.funnel.noTime': '–',
  'operator.funnel.seconds': '{seconds, number, digits} s',
  'operator.funnel.minutes': '{minutes, number, digits} min {seconds, number, digits} s',
  'operator.funnel.hours': '{hours, number, digits} h {minutes, number, digits} min',
  'operator.funnel.refusalsByEndpoint': 'Refusals by endpoint and code',
  'operator.funnel.noRefusals': 'No request was refused in this period.',
  'operator.funnel.endpoint': 'Endpoint',
  'operator.funnel.code': 'Code',
  'operator.funnel.count': 'Times',
  'operator.funnel.noCode': '(none)',
  ...limitsEn,
};

export type OperatorMessageId = keyof typeof operatorEn;

declare module '../../i18n/messages/en' {
  interface PartMessageIds {
    operator: OperatorMessageId;
  }
}
