// Masking for logs that leave the browser (download, window.actionLog.export(), send to
// support): every email address and every name that sits beside one become stable placeholders,
// "Visitor A" and visitor-a@example.invalid, so replayed views still read naturally. The state
// hashes are then computed again over the masked states (the log is folded once), so
// `replay --check` verifies exactly what was exported.
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';

import { stateHash } from './stateHash';

/** An address as typed or inside a URL's query (`%40`). */
const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const PLACEHOLDER_DOMAIN = 'example.invalid';

function letters(index: number): string {
  let text = '';
  let rest = index;
  do {
    text = String.fromCharCode(65 + (rest % 26)) + text;
    rest = Math.floor(rest / 26) - 1;
  } while (rest >= 0);
  return text;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isRecord(value: Json): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One masker per export: the same address or name gets the same placeholder throughout. */
export function createMasker() {
  const visitors = new Map<string, string>();
  const names = new Map<string, string>();

  const visitorOf = (address: string) => {
    const key = address.replace(/%40/i, '@').toLowerCase();
    let letter = visitors.get(key);
    if (letter === undefined) {
      letter = letters(visitors.size);
      visitors.set(key, letter);
    }
    return letter;
  };

  const maskString = (text: string): string =>
    text.replace(EMAIL, (address) => {
      const at = address.includes('@') ? '@' : '%40';
      return `visitor-${visitorOf(address).toLowerCase()}${at}${PLACEHOLDER_DOMAIN}`;
    });

  /** Names are learnt where they sit beside an address: a user, a sign-up's fields. */
  function learn(value: Json) {
    if (Array.isArray(value)) value.forEach(learn);
    else if (isRecord(value)) {
      const { name, email } = value;
      if (typeof name === 'string' && typeof email === 'string' && name.trim() !== '') {
        const match = email.match(EMAIL);
        if (match) names.set(name, `Visitor ${visitorOf(match[0])}`);
      }
      Object.values(value).forEach(learn);
    }
  }

  function mask(value: Json): Json {
    if (typeof value === 'string') return names.get(value) ?? maskString(value);
    if (Array.isArray(value)) return value.map(mask);
    if (isRecord(value)) {
      const copy: { [key: string]: Json } = {};
      for (const [key, item] of Object.entries(value)) copy[key] = mask(item);
      return copy;
    }
    return value;
  }

  return { learn, mask };
}

export interface LogParts {
  /** The tab's log id (`X-Log-Id`); the file names it once the format has the field. */
  logId?: string;
  actionJsons: readonly string[];
  preloadedStateJson: string;
  timestamps: number[];
  stateHashes: string[];
}

/** The same log with names and addresses masked and its state hashes computed afresh. */
export function maskedLogParts(parts: LogParts, reducer: Reducer): LogParts {
  const masker = createMasker();
  const start = JSON.parse(parts.preloadedStateJson) as Json;
  const actions = parts.actionJsons.map((json) => JSON.parse(json) as Json);
  masker.learn(start);
  actions.forEach(masker.learn);
  const maskedStart = masker.mask(start);
  const maskedActions = actions.map(masker.mask);
  let state: unknown = maskedStart;
  const stateHashes = maskedActions.map((action) => {
    state = reducer(state, action as UnknownAction);
    return stateHash(state);
  });
  return {
    logId: parts.logId,
    actionJsons: maskedActions.map((action) => JSON.stringify(action)),
    preloadedStateJson: JSON.stringify(maskedStart),
    timestamps: parts.timestamps,
    stateHashes,
  };
}
