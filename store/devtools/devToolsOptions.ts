// The Redux DevTools extension's connection: on in development builds; in production builds only
// when built with ENABLE_REDUX_DEVTOOLS=true. Everything it is shown goes through the action
// log's redaction, so no secret reaches its views, exports or console.
import type { DevToolsEnhancerOptions } from '@reduxjs/toolkit';

import { redacted } from '../../contract/redact';
import { ACTION_LOG_CAPACITY } from '../constants';

import { readableAction } from './readableAction';

export function shouldConnectDevTools(nodeEnv: string | undefined, flag: string | undefined) {
  return nodeEnv !== 'production' || flag === 'true';
}

export const devToolsOptions: DevToolsEnhancerOptions = {
  name: 'Accounts',
  // As many actions as the action log keeps, so both tell the same story.
  maxAge: ACTION_LOG_CAPACITY,
  actionSanitizer: (action) => readableAction(redacted(action)),
  stateSanitizer: (state) => redacted(state),
};
