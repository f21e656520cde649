// The words of Help's tools (downloading the activity log, sending it to support): bundled with
// their chunk, which loads after the page, not with the app's first load, and put beside the app's
// pack by WithWords (ui/intl/WithWords.tsx). Every export of this file is a pack
// (scripts/webpack/messagesToAst.cjs).
export const helpToolsEn = {
  'actionLog.confirm': 'Send the activity log to support now?',
  'actionLog.confirmSend': 'Send',
  'actionLog.cancel': 'Cancel',
  'actionLog.contact': 'Support: {contact}',
  'actionLog.download': 'Download activity log',
  'actionLog.send': 'Send activity log to support',
  'actionLog.sending': 'Sending activity log…',
  'actionLog.sent': 'Sent. Quote this reference to support: {reference}',
  'actionLog.tooLarge': 'The activity log is too large to send. Download it instead.',
} as const satisfies Record<string, string>;

export type HelpToolsMessageId = keyof typeof helpToolsEn;

export const helpToolsKh: Record<HelpToolsMessageId, string> = {
  'actionLog.confirm': 'ផ្ញើកំណត់ហេតុសកម្មភាពទៅផ្នែកជំនួយឥឡូវនេះឬ?',
  'actionLog.confirmSend': 'ផ្ញើ',
  'actionLog.cancel': 'បោះបង់',
  'actionLog.contact': 'ផ្នែកជំនួយ៖ {contact}',
  'actionLog.download': 'ទាញយកកំណត់ហេតុសកម្មភាព',
  'actionLog.send': 'ផ្ញើកំណត់ហេតុសកម្មភាពទៅផ្នែកជំនួយ',
  'actionLog.sending': 'កំពុងផ្ញើកំណត់ហេតុសកម្មភាព…',
  'actionLog.sent': 'បានផ្ញើហើយ។ សូមប្រាប់លេខយោងនេះទៅផ្នែកជំនួយ៖ {reference}',
  'actionLog.tooLarge': 'កំណត់ហេតុសកម្មភាពធំពេកមិនអាចផ្ញើបានទេ។ សូមទាញយកវាជំនួសវិញ។',
};

declare module '../../i18n/messages/en' {
  interface PartMessageIds {
    helpTools: HelpToolsMessageId;
  }
}
