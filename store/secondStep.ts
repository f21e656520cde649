// The login's second step outlives a reload of its tab: the ticket, its end and the address are
// kept in the tab's session storage (never local storage: another tab, or the browser restarted,
// starts afresh) while the step waits, read back at start-up until the ticket ends, and a timer
// ends the step when the ticket does. Listeners only: the reducers never touch storage or the
// clock, and time travel writes nothing.
import * as v from 'valibot';

import { secondStepExpired, selectSecondStep, type SecondStep } from './authSlice';
import { TAB_STORAGE_KEYS } from './constants';
import { waitUntil } from './effects';
import type { KeyValueStorage } from './effects';
import type { AppStartListening } from './listeners';

/** The stored step, as this app wrote it; anything else is dropped. */
const StoredSecondStep = v.object({
  ticket: v.pipe(v.string(), v.nonEmpty(), v.maxLength(1024)),
  expiresAt: v.number(),
  email: v.optional(v.pipe(v.string(), v.maxLength(320))),
  afterReset: v.optional(v.literal(true)),
});

/** The step this tab kept, if its ticket has not ended by `nowMs`. */
export function storedSecondStep(tabStorage: KeyValueStorage, nowMs: number): SecondStep | null {
  try {
    const text = tabStorage.getItem(TAB_STORAGE_KEYS.secondStep);
    if (!text) return null;
    const parsed = v.safeParse(StoredSecondStep, JSON.parse(text));
    if (parsed.success && parsed.output.expiresAt * 1000 > nowMs) return parsed.output;
    tabStorage.removeItem(TAB_STORAGE_KEYS.secondStep);
  } catch {
    // Unreadable or refused storage: the password step, as before the step was kept.
  }
  return null;
}

function keep(tabStorage: KeyValueStorage, step: SecondStep | null) {
  try {
    if (step) tabStorage.setItem(TAB_STORAGE_KEYS.secondStep, JSON.stringify(step));
    else tabStorage.removeItem(TAB_STORAGE_KEYS.secondStep);
  } catch {
    // Storage refused: the step lasts as long as the page.
  }
}

export function addSecondStepListeners(startAppListening: AppStartListening) {
  startAppListening({
    predicate: (_action, state, previous) => selectSecondStep(state) !== selectSecondStep(previous),
    effect: async (_action, { cancelActiveListeners, delay, dispatch, extra, getState }) => {
      cancelActiveListeners();
      const step = selectSecondStep(getState());
      keep(extra.tabStorage, step);
      if (!step) return;
      // The step ends with its ticket; a change of step cancels this wait.
      await waitUntil(step.expiresAt * 1000, extra.clock, delay);
      dispatch(secondStepExpired());
    },
  });
}
