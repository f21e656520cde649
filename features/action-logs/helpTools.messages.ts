// The words of Help's tools (downloading the activity log, sending it to support): bundled with
// their chunk, which loads after the page, not with the app's first load, and put beside the app's
// pack by WithWords (ui/intl/WithWords.tsx). Every export of this file is a pack
// (scripts/webpack/messagesToAst.cjs).
// English only: every translation is in its language's pack (i18n/messages/).
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

declare module '../../i18n/messages/en' {
  interface PartMessageIds {
    helpTools: HelpToolsMessageId;
  }
}
