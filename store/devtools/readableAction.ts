// DevTools rows name a request by its endpoint (`api/login/rejected`) instead of RTK Query's
// generic `api/executeMutation/rejected`. Only the copy shown in DevTools is renamed.
import type { Action } from '@reduxjs/toolkit';

const GENERIC_REQUEST = /^(.+)\/execute(?:Mutation|Query)\/(pending|fulfilled|rejected)$/;

interface RequestMeta {
  meta?: { arg?: { endpointName?: unknown } };
}

export function readableAction<A extends Action>(action: A): A {
  const match = GENERIC_REQUEST.exec(action.type);
  const endpoint = (action as A & RequestMeta).meta?.arg?.endpointName;
  if (!match || typeof endpoint !== 'string') return action;
  return { ...action, type: `${match[1]}/${endpoint}/${match[2]}` };
}
