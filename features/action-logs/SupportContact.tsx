const EMAIL = /^[^\s@]+@[^\s@]+$/;
const WEB = /^https?:\/\//;

/** The support contact as a link when it is an address or a web page, as text otherwise. */
export function SupportContact({ contact }: { contact: string }) {
  if (EMAIL.test(contact)) return <a href={`mailto:${contact}`}>{contact}</a>;
  if (WEB.test(contact)) return <a href={contact}>{contact}</a>;
  return <span>{contact}</span>;
}
