import type { FieldErrorCode } from '../../contract/api';
import { EMAIL_MAX_LENGTH } from '../../contract/email';
import type { FormEndpoint, FormFieldOf } from '../../contract/endpoints';
import {
  CODE_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../contract/schemas';
import type { MessageId } from '../../i18n/messages/en';
import { APP_NAME } from '../../store/constants';
import type { MessageValues } from '../intl/useT';

/** Every field a form shows: the typed fields of the endpoints' bodies, and a box to tick. */
export type FormField = FormFieldOf<FormEndpoint> | 'confirm';

const MAX_LENGTH: Record<FormField, number> = {
  name: NAME_MAX_LENGTH,
  email: EMAIL_MAX_LENGTH,
  password: PASSWORD_MAX_LENGTH,
  code: CODE_LENGTH,
  recoveryCode: 32,
  currentPassword: PASSWORD_MAX_LENGTH,
  newPassword: PASSWORD_MAX_LENGTH,
  newEmail: EMAIL_MAX_LENGTH,
  confirm: 0,
};

export interface FieldMessage {
  id: MessageId;
  values?: MessageValues;
}

export function fieldErrorMessage(field: FormField, code: FieldErrorCode): FieldMessage {
  switch (code) {
    case 'REQUIRED':
      return { id: `fieldError.required.${field}` };
    case 'INVALID_EMAIL':
      return { id: 'fieldError.invalidEmail' };
    case 'TOO_SHORT':
      return { id: 'fieldError.tooShort', values: { min: PASSWORD_MIN_LENGTH } };
    case 'TOO_LONG':
      return { id: 'fieldError.tooLong', values: { max: MAX_LENGTH[field] } };
    case 'COMMON_PASSWORD':
      return { id: 'fieldError.commonPassword' };
    case 'REPETITIVE_PASSWORD':
      return { id: 'fieldError.repetitivePassword' };
    case 'SEQUENTIAL_PASSWORD':
      return { id: 'fieldError.sequentialPassword' };
    case 'PERSONAL_PASSWORD':
      return { id: 'fieldError.personalPassword', values: { appName: APP_NAME } };
    case 'INVALID_CODE_FORMAT':
      return {
        id:
          field === 'recoveryCode'
            ? 'fieldError.invalidRecoveryCode'
            : 'fieldError.invalidCodeFormat',
      };
    case 'INCORRECT':
      return { id: 'fieldError.incorrectPassword' };
    case 'SAME_EMAIL':
      return { id: 'fieldError.sameEmail' };
    case 'SAME_PASSWORD':
      return { id: 'fieldError.samePassword' };
    case 'INVALID_CHARACTERS':
      return { id: 'fieldError.invalidCharacters' };
  }
}
