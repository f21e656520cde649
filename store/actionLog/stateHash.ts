// A short fingerprint of a state, so a replay can tell where it stops matching the recording.
// FNV-1a (32-bit) over the redacted, key-sorted JSON of each top-level slice. Slices are
// immutable, so each slice's hash is cached by identity: an action costs one slice's hash.
import { redactedJson } from '../../contract/redact';

const sliceHashes = new WeakMap<object, string>();

export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * RTK Query's `config.middlewareRegistered` compares the registering middleware with this
 * module's own random id, so a replay in another process always reads `conflict`: it is the one
 * field that is not a function of the actions, and hashes leave it out.
 */
function withoutProcessIdentity(key: string, slice: unknown): unknown {
  if (key !== 'api' || typeof slice !== 'object' || slice === null) return slice;
  const { config, ...rest } = slice as { config?: Record<string, unknown> };
  if (!config) return slice;
  const { middlewareRegistered: _ignored, ...stableConfig } = config;
  return { ...rest, config: stableConfig };
}

function sliceHash(key: string, slice: unknown): string {
  if (typeof slice !== 'object' || slice === null) return fnv1a(redactedJson(slice, true) ?? '');
  const cached = sliceHashes.get(slice);
  if (cached !== undefined) return cached;
  const hash = fnv1a(redactedJson(withoutProcessIdentity(key, slice), true) ?? '');
  sliceHashes.set(slice, hash);
  return hash;
}

/** The hash of `state`, over the parts named in `keys` when given (else all of them). */
export function stateHash(state: unknown, keys?: readonly string[]): string {
  if (typeof state !== 'object' || state === null) return sliceHash('', state);
  const record = state as Record<string, unknown>;
  let text = '';
  for (const key of [...(keys ?? Object.keys(record))].sort()) {
    text += `${key}=${sliceHash(key, record[key])};`;
  }
  return fnv1a(text);
}
