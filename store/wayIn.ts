// The ways in, read from the endpoint table (each entry marked `signsIn`, so one added later is
// one too) as one matcher: each answers a session or the ticket of the login's second step, and
// the app treats every one alike. This file is the one place that tells the two answers apart.
import type { UnknownAction } from '@reduxjs/toolkit';
import type * as v from 'valibot';

import { WAYS_IN, type WayIn } from '../contract/endpoints';
import type { LoginOk, SecondFactorLogin, SessionOk } from '../contract/schemas';
import { api } from './apiSlice';

/** A way in's answer as the store receives it: the session or the ticket, and its request. */
export interface WayInAnswer<Payload = v.InferOutput<typeof LoginOk>> extends UnknownAction {
  payload: Payload;
  meta: { arg: { endpointName: WayIn; originalArgs: unknown } };
}

const answered = WAYS_IN.map((name) => api.endpoints[name].matchFulfilled);
const pending = WAYS_IN.map((name) => api.endpoints[name].matchPending);

/** A way in answered: a session to keep, or a second step to show. */
export function wayInAnswered(action: unknown): action is WayInAnswer {
  return answered.some((matches) => matches(action));
}

/** A way in answered with a session: the visitor is signed in. */
export function signedIn(action: unknown): action is WayInAnswer<v.InferOutput<typeof SessionOk>> {
  return wayInAnswered(action) && 'token' in action.payload;
}

/** A way in answered with the ticket of the second step: no session yet. */
export function secondStepAsked(
  action: unknown,
): action is WayInAnswer<v.InferOutput<typeof SecondFactorLogin>> {
  return wayInAnswered(action) && !('token' in action.payload);
}

/** A way in was sent. */
export function wayInSent(action: unknown): action is UnknownAction {
  return pending.some((matches) => matches(action));
}
