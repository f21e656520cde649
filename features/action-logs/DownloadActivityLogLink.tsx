import type { MouseEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useStore } from 'react-redux';

import type { AppStore } from '../../store/store';
import { WithWords } from '../../ui/intl/WithWords';

import { activityLogFileName, downloadText } from './downloadLog';
import { HELP_TOOLS_WORDS } from './helpToolsWords';

/**
 * The visible way to export the action log (store/actionLog/README.md), with its words (in Help's
 * tools' chunk) beside the app's.
 */
export function DownloadActivityLogLink() {
  return (
    <WithWords words={HELP_TOOLS_WORDS}>
      <DownloadActivityLogLinkPart />
    </WithWords>
  );
}

function DownloadActivityLogLinkPart() {
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
