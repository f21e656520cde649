import { HelpDisclosure } from '../../features/action-logs/HelpDisclosure';

/** What the page footer holds. */
export function FooterLinks() {
  return <HelpDisclosure />;
}
