// The product's name under every mail (APP_NAME): one line in the text part, one paragraph in
// the HTML part. Added at delivery, so the words of each mail stay the same whatever it is called.
import { escapeHtml } from './messages';
import type { MailMessage } from './transport';

const LAST_BODY_END = /<\/body>(?![\s\S]*<\/body>)/;

export function signMail(message: MailMessage, appName: string): MailMessage {
  // "-- " on a line of its own: mail programs know what follows is a signature.
  const text = `${message.text}\n\n-- \n${appName}`;
  if (message.html === undefined) return { ...message, text };
  const paragraph = `<p style="margin:24px 0 0;color:#4b5563">${escapeHtml(appName)}</p>`;
  const html = LAST_BODY_END.test(message.html)
    ? message.html.replace(LAST_BODY_END, `${paragraph}</body>`)
    : message.html + paragraph;
  return { ...message, text, html };
}
