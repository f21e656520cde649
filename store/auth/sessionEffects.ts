// The session's traces outside the store: the stored token and the `user` cookie.
import type { PublicUser } from '../../contract/api';
import { COOKIE_DEFAULTS, STORAGE_KEYS, USER_COOKIE } from '../constants';
import type { Effects } from '../effects';

const COOKIE_SCOPE = {
  path: COOKIE_DEFAULTS.path,
  sameSite: COOKIE_DEFAULTS.sameSite,
  secure: COOKIE_DEFAULTS.secure,
};

export function writeUserCookie(
  effects: Effects,
  user: PublicUser,
  lifetimeSeconds: number,
  nowMs: number,
) {
  if (lifetimeSeconds <= 0) {
    effects.cookies.remove(USER_COOKIE, COOKIE_SCOPE);
    return;
  }
  effects.cookies.set(USER_COOKIE, JSON.stringify(user), {
    ...COOKIE_SCOPE,
    expires: new Date(nowMs + lifetimeSeconds * 1000),
  });
}

export function storeToken(effects: Effects, token: string) {
  effects.storage.setItem(STORAGE_KEYS.token, token);
}

export function forgetSession(effects: Effects) {
  try {
    effects.storage.removeItem(STORAGE_KEYS.token);
  } finally {
    effects.cookies.remove(USER_COOKIE, COOKIE_SCOPE);
  }
}
