// The provider listeners: the list when a view that offers providers opens, leaving for the
// provider's authorization address, the return (its code taken out of the address before the app
// started, src/app/providerReturn.ts) finished with the server, and a disconnection. Leaving the
// page and reading the tab's storage are effects: time travel and replay run no listener, so
// neither happens again.
import { isAnyOf } from '@reduxjs/toolkit';
import * as v from 'valibot';

import { api, ASK_AFRESH, UNTRACKED } from '../../store/apiSlice';
import { sessionVerified, tokenRejected, verifyFailed } from '../../store/authSlice';
import { TAB_STORAGE_KEYS } from '../../store/constants';
import type { KeyValueStorage } from '../../store/effects';
import { askWhileHome } from '../../store/home/askWhileHome';
import type { AppDispatch, AppStartListening } from '../../store/listeners';
import type { AppLocation } from '../../store/router/location';
import {
  locationChanged,
  navigationRequested,
  selectLocation,
} from '../../store/router/routerSlice';
import { ROUTES } from '../../store/routes';

import { providerName } from './providerNames';
import {
  providerDisconnectConfirmed,
  providerListRetried,
  providerPageShownAgain,
  providerReturned,
  providerStartRequested,
  selectProviderList,
  selectProviders,
  type ProviderIntent,
} from './providersSlice';

/** The guest views that offer providers: the login and sign-up buttons. */
const GUEST_OFFERING: ReadonlySet<string> = new Set([ROUTES.login, ROUTES.signup]);

/** What this tab keeps of a flow it started, so the return can name the provider. */
const StoredFlow = v.object({
  provider: v.pipe(v.string(), v.maxLength(64)),
  intent: v.picklist(['login', 'connect', 'confirm']),
  /** The name on the button pressed: the return says it before any list answers. */
  name: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

/** A return as src/app/providerReturn.ts keeps it: a code to finish, or what the provider said. */
const StoredReturn = v.object({
  handoff: v.optional(v.pipe(v.string(), v.nonEmpty(), v.maxLength(512))),
  error: v.optional(v.pipe(v.string(), v.maxLength(64))),
  /** The provider a connection connected. */
  connected: v.optional(v.pipe(v.string(), v.maxLength(64))),
  /** The provider that confirmed it is you. */
  confirmed: v.optional(v.pipe(v.string(), v.maxLength(64))),
});

function take<T>(
  storage: KeyValueStorage,
  key: string,
  schema: v.GenericSchema<unknown, T>,
): T | null {
  try {
    const text = storage.getItem(key);
    if (text === null) return null;
    storage.removeItem(key);
    const parsed = v.safeParse(schema, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** Home's section of providers, where a connection comes back to. */
export const PROVIDERS_SECTION_HREF = `${ROUTES.home}?section=providers`;

/**
 * Where a provider's sign-in goes once it signs the visitor in: home, with the section it was
 * opened on. Nothing else of the address goes to the server (an email change's code stays here).
 */
export function providerReturnTo(location: Pick<AppLocation, 'search'> | null): string {
  const section = new URLSearchParams(location?.search ?? '').get('section');
  return section && /^[a-z]{1,20}$/.test(section)
    ? `${ROUTES.home}?section=${section}`
    : ROUTES.home;
}

export function addProviderListeners(startAppListening: AppStartListening) {
  // The list, once a view that offers providers settles: a guest's once a page; home's each visit,
  // with which are connected (that changes with the account).
  startAppListening({
    predicate: (action, state) =>
      isAnyOf(tokenRejected, verifyFailed)(action) &&
      GUEST_OFFERING.has(selectLocation(state)?.pathname ?? '') &&
      selectProviderList(state) !== 'loaded',
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      const request = listenerApi.dispatch(
        api.endpoints.oidcProviders.initiate(undefined, UNTRACKED),
      );
      listenerApi.signal.addEventListener('abort', () => request.abort());
      await listenerApi.pause(request);
    },
  });
  const askHome = (dispatch: AppDispatch) => {
    const list = dispatch(api.endpoints.oidcProviders.initiate(undefined, UNTRACKED));
    const connections = dispatch(api.endpoints.oidcConnections.initiate(undefined, ASK_AFRESH));
    return Object.assign(Promise.all([list, connections]), {
      // The connections are a cached read, shared while under way: never aborted.
      abort: () => list.abort(),
    });
  };
  askWhileHome(startAppListening, (action) => sessionVerified.match(action), askHome);
  // A disconnection's answer: that provider is no longer connected, with no question asked again.
  startAppListening({
    matcher: api.endpoints.oidcDisconnect.matchFulfilled,
    effect: (action, { dispatch }) => {
      const { id } = action.meta.arg.originalArgs;
      dispatch(
        api.util.updateQueryData('oidcConnections', undefined, (answer) => {
          answer.connections = answer.connections.filter((provider) => provider.id !== id);
        }),
      );
    },
  });
  // "Try again" after the list could not be loaded.
  askWhileHome(startAppListening, providerListRetried.match, askHome);
  startAppListening({
    actionCreator: providerListRetried,
    effect: async (_action, listenerApi) => {
      if (!GUEST_OFFERING.has(selectLocation(listenerApi.getState())?.pathname ?? '')) return;
      listenerApi.cancelActiveListeners();
      await listenerApi.pause(
        listenerApi.dispatch(api.endpoints.oidcProviders.initiate(undefined, UNTRACKED)),
      );
    },
  });

  // "Continue with …" and "Connect": the server's authorization address, then the page leaves.
  startAppListening({
    actionCreator: providerStartRequested,
    effect: async ({ payload }, listenerApi) => {
      listenerApi.cancelActiveListeners();
      const { dispatch, extra, getState } = listenerApi;
      const { provider, intent } = payload;
      const returnTo =
        intent === 'connect'
          ? PROVIDERS_SECTION_HREF
          : providerReturnTo(selectLocation(getState()));
      const result = await listenerApi.pause(
        dispatch(api.endpoints.oidcStart.initiate({ id: provider, intent, returnTo }, UNTRACKED)),
      );
      if (!('data' in result) || !result.data) return;
      const name = providerName(selectProviders(getState()), provider) ?? undefined;
      try {
        extra.tabStorage.setItem(
          TAB_STORAGE_KEYS.providerFlow,
          JSON.stringify({ provider, intent, name }),
        );
      } catch {
        // Storage refused: the return still works, without the provider's name in its words.
      }
      await extra.page.leave(result.data.authorizationUrl);
      dispatch(providerPageShownAgain());
    },
  });

  // The return, on the first navigation after it: finished with the server, whose answer is a way
  // in (store/wayIn.ts) or a refusal the slice turns into words.
  startAppListening({
    actionCreator: locationChanged,
    effect: async (_action, listenerApi) => {
      const { dispatch, extra } = listenerApi;
      const back = take(extra.tabStorage, TAB_STORAGE_KEYS.providerReturn, StoredReturn);
      if (!back) return;
      const flow = take(extra.tabStorage, TAB_STORAGE_KEYS.providerFlow, StoredFlow);
      const provider = flow?.provider ?? null;
      const intent: ProviderIntent = flow?.intent ?? 'login';
      // The name pressed, for the provider this tab's flow went to.
      const named = (id: string | null) =>
        flow?.name !== undefined && id === flow.provider ? { name: flow.name } : {};
      if (back.handoff) {
        dispatch(providerReturned({ provider, ...named(provider), intent, outcome: 'handoff' }));
        await listenerApi.pause(
          dispatch(api.endpoints.oidcComplete.initiate({ handoff: back.handoff }, UNTRACKED)),
        );
        return;
      }
      if (back.connected) {
        dispatch(
          providerReturned({
            provider: back.connected,
            ...named(back.connected),
            intent,
            outcome: 'connected',
          }),
        );
      } else if (back.confirmed) {
        // Home asks the server whether this session is confirmed as it opens (store/confirmation).
        dispatch(providerReturned({ provider: back.confirmed, intent, outcome: 'confirmed' }));
      } else {
        const code = back.error ?? 'PROVIDER_FAILED';
        dispatch(
          providerReturned({ provider, ...named(provider), intent, outcome: 'refused', code }),
        );
      }
      // A connection is said in home's section of providers.
      if (
        intent === 'connect' &&
        selectLocation(listenerApi.getState())?.pathname === ROUTES.home
      ) {
        dispatch(navigationRequested({ to: PROVIDERS_SECTION_HREF, replace: true }));
      }
    },
  });

  // "Disconnect", confirmed in the section.
  startAppListening({
    actionCreator: providerDisconnectConfirmed,
    effect: async ({ payload }, listenerApi) => {
      listenerApi.cancelActiveListeners();
      await listenerApi.pause(
        listenerApi.dispatch(
          api.endpoints.oidcDisconnect.initiate({ id: payload.provider }, UNTRACKED),
        ),
      );
    },
  });
}
