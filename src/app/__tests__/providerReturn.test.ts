import {
  HANDOFF_PARAM,
  PROVIDER_CONFIRMED_PARAM,
  PROVIDER_CONNECTED_PARAM,
  PROVIDER_ERROR_PARAM,
} from '../../../contract/oidc';
import { takeProviderReturn } from '../providerReturn';

beforeEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

it("takes a provider's handoff code out of the address before the app starts, replacing it", () => {
  window.history.pushState(null, '', '/signup');
  window.history.pushState(null, '', `/login?${HANDOFF_PARAM}=h-123&lang=kh`);
  const length = window.history.length;
  takeProviderReturn(window);
  expect(window.location.pathname + window.location.search).toBe('/login?lang=kh');
  // Replaced, not pushed: the code is in no entry of the history.
  expect(window.history.length).toBe(length);
  expect(JSON.parse(sessionStorage.getItem('providerReturn') ?? '{}')).toEqual({
    handoff: 'h-123',
  });
});

it("keeps what the provider refused, and a connection's end", () => {
  window.history.replaceState(null, '', `/login?${PROVIDER_ERROR_PARAM}=PROVIDER_CANCELLED`);
  takeProviderReturn(window);
  expect(window.location.search).toBe('');
  expect(JSON.parse(sessionStorage.getItem('providerReturn') ?? '{}')).toEqual({
    error: 'PROVIDER_CANCELLED',
  });
  window.history.replaceState(null, '', `/?section=providers&${PROVIDER_CONNECTED_PARAM}=work`);
  takeProviderReturn(window);
  expect(window.location.search).toBe('?section=providers');
  expect(JSON.parse(sessionStorage.getItem('providerReturn') ?? '{}')).toEqual({
    connected: 'work',
  });
  window.history.replaceState(null, '', `/?section=delete&${PROVIDER_CONFIRMED_PARAM}=work`);
  takeProviderReturn(window);
  expect(window.location.search).toBe('?section=delete');
  expect(JSON.parse(sessionStorage.getItem('providerReturn') ?? '{}')).toEqual({
    confirmed: 'work',
  });
});

it('changes nothing for an address without a return', () => {
  window.history.replaceState(null, '', '/login?email-code=123456');
  takeProviderReturn(window);
  expect(window.location.search).toBe('?email-code=123456');
  expect(sessionStorage.getItem('providerReturn')).toBeNull();
});
