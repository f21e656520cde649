import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/** A time of the record (ISO-8601) in the language on screen, Khmer digits in Khmer. */
export function useWhen(): (iso: string) => string {
  const intl = useIntl();
  return useCallback(
    (iso: string) => intl.formatDate(new Date(iso), { dateStyle: 'medium', timeStyle: 'medium' }),
    [intl],
  );
}
