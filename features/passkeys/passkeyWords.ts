import { formsEn, formsKh } from '../../i18n/messages/forms';
import { passkeysEn, passkeysKh } from './passkeys.messages';
import type { Words } from '../../ui/intl/WithWords';

/** Home's passkey words and those of the forms beyond login, in home's chunk only. */
export const PASSKEY_WORDS: Words = {
  en: { ...formsEn, ...passkeysEn },
  kh: { ...formsKh, ...passkeysKh },
};
