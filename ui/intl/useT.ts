import { useCallback } from 'react';
import { useIntl, type PrimitiveType } from 'react-intl';

import type { MessageId } from '../../i18n/messages/en';

export type MessageValues = Record<string, PrimitiveType>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** The current language's text for a message id; ids are checked against the en pack. */
export function useT(): Translate {
  const intl = useIntl();
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}
