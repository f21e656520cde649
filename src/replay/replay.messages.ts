// The replay page's own words (replay.html), in English: bundled with that page only, so the app's
// first load does not carry them; the page adds them to the app's pack. Their translations are in
// each language's pack (i18n/messages/).
export const replayEn = {
  'replay.title': 'Action log replay',
  'replay.open': 'Open an action log',
  'replay.dropHint': 'Or drop a log file here.',
  'replay.error': 'This file cannot be replayed: {reason}',
  'replay.upload.loading': 'Opening the activity log {reference}…',
  'replay.upload.signIn':
    'Sign in to the app as an operator in this browser, then open this page again.',
  'replay.upload.confirm':
    'Open the support console and confirm it is you (with two-step sign-in or a passkey), then try again.',
  'replay.upload.forbidden': 'Only an operator may open activity logs by reference.',
  'replay.upload.notFound': 'No activity log has the reference {reference}.',
  'replay.upload.failed':
    'The activity log could not be loaded. Check the connection, then try again.',
  'replay.upload.console': 'Open the support console',
  'replay.upload.retry': 'Try again',
  'replay.fileSummary':
    '{name}: {count, plural, one {# action} other {# actions}} recorded by {app}',
  'replay.controls': 'Move through the log',
  'replay.position': 'Position in the log',
  'replay.status': 'After action #{index} (the last is #{lastIndex})',
  'replay.statusStart': 'Before the first action (the last is #{lastIndex})',
  'replay.steps': 'Steps',
  'replay.search': 'Find a step',
  'replay.shownSteps': '{shown} of {total} steps',
  'replay.failed': 'failed',
  'replay.diverges':
    'This replay differs from the recording after action #{index} ({type}): the log was made by another version of the app, or changed since.',
  'replay.showDivergence': 'Show action #{index}',
  'replay.tooLarge':
    'the file is {size} MB; this page opens logs up to 50 MB (the replay command has no such limit)',
  'replay.first': 'First state',
  'replay.previous': 'Previous action',
  'replay.next': 'Next action',
  'replay.last': 'Last state',
  'replay.action': 'Current action',
  'replay.initialState': 'Before the first action',
  'replay.changes': 'What changed',
  'replay.noChanges': 'Nothing changed in the state.',
  'replay.changePath': 'Path',
  'replay.changeBefore': 'Before',
  'replay.changeAfter': 'After',
  'replay.preview': 'The app in this state',
  'replay.failuresOnly': 'Failures only',
  'replay.previousFailure': 'Previous failure (p)',
  'replay.nextFailure': 'Next failure (n)',
  'replay.session': 'The session',
  'replay.when': 'When',
  'replay.length': 'How long',
  'replay.appVersion': 'App version',
  'replay.language': 'Language',
  'replay.device': 'Device',
  'replay.unknown': 'not known',
  'replay.serverDecided': 'What the server decided',
} as const satisfies Record<string, string>;

export type ReplayMessageId = keyof typeof replayEn;

declare module '../../i18n/messages/en' {
  interface PartMessageIds {
    replay: ReplayMessageId;
  }
}
