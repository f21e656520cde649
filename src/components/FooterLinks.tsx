/** The links in the page footer; there are none yet. */
export function FooterLinks() {
  return null;
}
