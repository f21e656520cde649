import { takeLinkLanguage } from '../linkLanguage';

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

it('keeps the language a mail link names as localeRef, and takes it out of the address', () => {
  window.history.replaceState(
    null,
    '',
    '/user/verify-account?email=a%40b.co&code=123456&lang=kh#x',
  );
  takeLinkLanguage(window);
  expect(localStorage.getItem('localeRef')).toBe('kh');
  expect(window.location.pathname + window.location.search + window.location.hash).toBe(
    '/user/verify-account?email=a%40b.co&code=123456#x',
  );
});

it('replaces a stored language with the link’s', () => {
  localStorage.setItem('localeRef', 'kh');
  window.history.replaceState(null, '', '/login?lang=en');
  takeLinkLanguage(window);
  expect(localStorage.getItem('localeRef')).toBe('en');
  expect(window.location.search).toBe('');
});

it('takes out a value that names no language, and changes nothing else', () => {
  localStorage.setItem('localeRef', 'kh');
  window.history.replaceState(null, '', '/login?lang=fr');
  takeLinkLanguage(window);
  expect(localStorage.getItem('localeRef')).toBe('kh');
  expect(window.location.search).toBe('');
});

it('leaves an address without `lang` as it is', () => {
  window.history.replaceState({ key: 'k' }, '', '/?section=security');
  takeLinkLanguage(window);
  expect(window.location.search).toBe('?section=security');
  expect(localStorage.getItem('localeRef')).toBeNull();
});
