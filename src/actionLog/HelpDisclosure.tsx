import { useT } from '../components/intl/useT';

import { DownloadActivityLogLink } from './DownloadActivityLogLink';
import { SendActivityLogButton } from './SendActivityLogButton';

/**
 * "Help", closed until opened: says what the activity log holds before offering to download it or
 * send it to support, so the tools stay out of the way of a visitor who needs none.
 */
export function HelpDisclosure() {
  const t = useT();
  return (
    <details className="help">
      <summary className="help__toggle">{t('help.toggle')}</summary>
      <div className="help__body">
        <p>{t('help.intro')}</p>
        <p>{t('help.logHolds')}</p>
        <DownloadActivityLogLink />
        <SendActivityLogButton />
      </div>
    </details>
  );
}
