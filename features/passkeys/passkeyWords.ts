import { formsEn, formsKh } from '../../i18n/messages/forms';
import type { Words } from '../../ui/intl/WithWords';
import { passkeysEn, passkeysKh } from './passkeys.messages';

/** Home's passkey words and those of the forms beyond login, in home's chunk only. */
export const PASSKEY_WORDS: Words = {
  en: { ...formsEn, ...passkeysEn },
  kh: { ...formsKh, ...passkeysKh },
};
