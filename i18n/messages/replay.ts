// The replay page's own words (replay.html), in both languages. Bundled with that page only, so
// the app's first load does not carry them; the page adds them to the app's pack.
export const replayEn = {
  'replay.title': 'Action log replay',
  'replay.open': 'Open an action log',
  'replay.dropHint': 'Or drop a log file here.',
  'replay.error': 'This file cannot be replayed: {reason}',
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
} as const satisfies Record<string, string>;

export type ReplayMessageId = keyof typeof replayEn;

export const replayKh: Record<ReplayMessageId, string> = {
  'replay.title': 'ចាក់ឡើងវិញនូវកំណត់ហេតុសកម្មភាព',
  'replay.open': 'បើកកំណត់ហេតុសកម្មភាព',
  'replay.dropHint': 'ឬទម្លាក់ឯកសារកំណត់ហេតុនៅទីនេះ។',
  'replay.error': 'មិនអាចចាក់ឯកសារនេះឡើងវិញបានទេ៖ {reason}',
  'replay.fileSummary': '{name}៖ សកម្មភាព {count} ដែលកត់ត្រាដោយ {app}',
  'replay.controls': 'ផ្លាស់ទីក្នុងកំណត់ហេតុ',
  'replay.position': 'ទីតាំងក្នុងកំណត់ហេតុ',
  'replay.status': 'ក្រោយសកម្មភាព #{index} (សកម្មភាពចុងក្រោយគឺ #{lastIndex})',
  'replay.statusStart': 'មុនសកម្មភាពដំបូង (សកម្មភាពចុងក្រោយគឺ #{lastIndex})',
  'replay.steps': 'ជំហាន',
  'replay.search': 'ស្វែងរកជំហាន',
  'replay.shownSteps': '{shown} ក្នុងចំណោម {total} ជំហាន',
  'replay.failed': 'បរាជ័យ',
  'replay.diverges':
    'ការចាក់ឡើងវិញនេះខុសពីការកត់ត្រា បន្ទាប់ពីសកម្មភាព #{index} ({type})៖ កំណត់ហេតុត្រូវបានបង្កើតដោយកំណែផ្សេងនៃកម្មវិធី ឬត្រូវបានកែប្រែ។',
  'replay.showDivergence': 'បង្ហាញសកម្មភាព #{index}',
  'replay.tooLarge':
    'ឯកសារមានទំហំ {size} MB។ ទំព័រនេះបើកកំណត់ហេតុបានរហូតដល់ 50 MB (ពាក្យបញ្ជាចាក់ឡើងវិញគ្មានដែនកំណត់នេះទេ)',
  'replay.first': 'ស្ថានភាពដំបូង',
  'replay.previous': 'សកម្មភាពមុន',
  'replay.next': 'សកម្មភាពបន្ទាប់',
  'replay.last': 'ស្ថានភាពចុងក្រោយ',
  'replay.action': 'សកម្មភាពបច្ចុប្បន្ន',
  'replay.initialState': 'មុនសកម្មភាពដំបូង',
  'replay.changes': 'អ្វីដែលបានផ្លាស់ប្ដូរ',
  'replay.noChanges': 'គ្មានអ្វីផ្លាស់ប្ដូរក្នុងស្ថានភាពទេ។',
  'replay.changePath': 'ផ្លូវ',
  'replay.changeBefore': 'មុន',
  'replay.changeAfter': 'ក្រោយ',
  'replay.preview': 'កម្មវិធីក្នុងស្ថានភាពនេះ',
};
