import { DownloadActivityLogLink } from '../actionLog/DownloadActivityLogLink';
import { SendActivityLogButton } from '../actionLog/SendActivityLogButton';

/** The links in the page footer. */
export function FooterLinks() {
  return (
    <>
      <DownloadActivityLogLink />
      <SendActivityLogButton />
    </>
  );
}
