import { formsEn } from '../../ui/form/forms.messages';
import type { Words } from '../../ui/intl/WithWords';
import { passkeysEn } from './passkeys.messages';

/** Home's passkey words and those of the forms beyond login, in home's chunk only. */
export const PASSKEY_WORDS: Words = { ...formsEn, ...passkeysEn };
