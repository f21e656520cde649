import { useSearchParams } from 'react-router-dom';
import { LINK_QUERY } from '../../contract/routes';

/**
 * What a mailed code's link (or the step before) puts in the address, `?email=&code=&token=`, as
 * the props of the form that takes the code (activation, a password reset): its prefill and the
 * link's token. A new query is a new prefill: `key` gives the uncontrolled fields fresh defaults.
 */
export function useCodeLink() {
  const [query] = useSearchParams();
  const email = query.get(LINK_QUERY.email) ?? '';
  const code = query.get(LINK_QUERY.code) ?? '';
  return {
    query,
    key: `${email}\n${code}`,
    form: {
      initialEmail: email,
      initialCode: code,
      // The link's token: it gets the code past tries strangers spent.
      linkToken: query.get(LINK_QUERY.token) ?? undefined,
    },
  };
}
