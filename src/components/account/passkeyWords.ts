import { formsEn, formsKh } from '../../../i18n/messages/forms';
import { passkeysEn, passkeysKh } from '../../../i18n/messages/passkeys';
import type { Words } from '../intl/WithWords';

/** Home's passkey words and those of the forms beyond login, in home's chunk only. */
export const PASSKEY_WORDS: Words = {
  en: { ...formsEn, ...passkeysEn },
  kh: { ...formsKh, ...passkeysKh },
};
