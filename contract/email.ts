// An email address is a plain address only: no display name, no list, no comment, no quoting, no
// control or invisible character. It is compared in one canonical form (trimmed, NFKC,
// lower-case), so look-alike spellings are the same account.

export const EMAIL_MAX_LENGTH = 254;
const LOCAL_MAX_LENGTH = 64;

// RFC 5322 atext, widened to letters, marks and digits of every script (RFC 6531).
const ATOM = String.raw`[\p{L}\p{M}\p{N}!#$%&'*+/=?^_\x60{|}~-]+`;
const LABEL = String.raw`[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?`;
const PLAIN_ADDRESS = new RegExp(`^${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})+$`, 'u');

/** The form addresses are stored and compared in. */
export function canonicalEmail(email: string): string {
  // Lower-casing can leave a string that NFKC would change again (e.g. U+0130).
  return email.trim().normalize('NFKC').toLowerCase().normalize('NFKC');
}

/** Whether the canonical form is one plain address. */
export function isPlainEmail(canonical: string): boolean {
  const local = canonical.slice(0, canonical.lastIndexOf('@'));
  return (
    canonical.length <= EMAIL_MAX_LENGTH &&
    local.length <= LOCAL_MAX_LENGTH &&
    PLAIN_ADDRESS.test(canonical)
  );
}
