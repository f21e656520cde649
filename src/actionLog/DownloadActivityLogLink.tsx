import type { MouseEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useStore } from 'react-redux';

import type { AppStore } from '../../store/store';

import { activityLogFileName, downloadText } from './downloadLog';

/** The visible way to export the action log (store/actionLog/README.md). */
export function DownloadActivityLogLink() {
  const store = useStore() as AppStore;
  const download = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    downloadText(document, store.actionLog.exportShared(), activityLogFileName(Date.now()));
  };
  return (
    // A link, not a button: it gives a file, like any download link.
    <a href="#activity-log" onClick={download}>
      <FormattedMessage id="actionLog.download" />
    </a>
  );
}
