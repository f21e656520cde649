import { DownloadActivityLogLink } from '../actionLog/DownloadActivityLogLink';

/** The links in the page footer. */
export function FooterLinks() {
  return <DownloadActivityLogLink />;
}
