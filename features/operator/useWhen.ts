import { useCallback } from 'react';
import { useIntl } from 'react-intl';

import { formatExpiry } from '../../ui/formatExpiry';
import { useT } from '../../ui/intl/useT';

/**
 * A time of the record (ISO-8601) in the language on screen, as home writes its dates: in its own
 * digits and month names, also where the browser has no Intl data for the language.
 */
export function useWhen(): (iso: string) => string {
  const intl = useIntl();
  const t = useT();
  return useCallback((iso: string) => formatExpiry(intl, t, new Date(iso)), [intl, t]);
}
