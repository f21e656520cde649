import { passkeysEn, passkeysKh } from '../../../i18n/messages/passkeys';
import type { Words } from '../intl/WithWords';

/** Home's passkey words, in home's chunk only. */
export const PASSKEY_WORDS: Words = { en: passkeysEn, kh: passkeysKh };
