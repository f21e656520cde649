import { HelpDisclosure } from '../actionLog/HelpDisclosure';

/** What the page footer holds. */
export function FooterLinks() {
  return <HelpDisclosure />;
}
