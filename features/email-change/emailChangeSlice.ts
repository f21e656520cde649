// The email change waiting for its code, as the server keeps it (so it survives a reload and
// shows on every device), until it is confirmed or cancelled: the server's answer in the API's
// cache (`selectPendingEmail`), which the changes' answers update (emailChangeListeners.ts).
import { createAction, createSelector } from '@reduxjs/toolkit';

import { api, readProgress } from '../../store/apiSlice';

/** "Try again" pressed where a pending email change could not be checked for. */
export const emailChangeRetried = createAction('account/emailChangeRetried');

const selectRead = api.endpoints.emailChange.select(undefined);

/** The new address waiting for its code, or null. */
export const selectPendingEmail = createSelector(
  [selectRead],
  (read) => read.data?.pending?.newEmail ?? null,
);

/** Why the last question whether an email change is pending got no answer, until asked again. */
export const selectEmailChangeError = createSelector(
  [selectRead],
  (read) => readProgress(read).error,
);
