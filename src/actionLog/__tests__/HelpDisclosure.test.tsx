import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';

import { intlFormats } from '../../../i18n/digits';
import { en } from '../../../i18n/messages/en';
import { kh } from '../../../i18n/messages/kh';
import { FORMAT_LOCALE, SUPPORT_CONTACT } from '../../../store/constants';
import { localeChanged } from '../../../store/locale/localeSlice';
import { makeStore } from '../../../store/store';
import { HelpDisclosure } from '../HelpDisclosure';
import { installActionLogGlobal } from '../installActionLogGlobal';
import { ACTION_LOG_MAX_BYTES, sendActivityLog } from '../sendLog';
import { SendLogError } from '../sendLogError';

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
  localStorage.clear();
});

function answering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init! });
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  }) as typeof fetch;
  return calls;
}

function renderFooter(locale: 'en' | 'kh' = 'en') {
  const store = makeStore();
  store.dispatch(localeChanged(locale));
  installActionLogGlobal(window, store);
  render(
    <Provider store={store}>
      <IntlProvider
        locale={FORMAT_LOCALE[locale]}
        formats={intlFormats(FORMAT_LOCALE[locale])}
        messages={locale === 'kh' ? kh : en}
      >
        <HelpDisclosure />
      </IntlProvider>
    </Provider>,
  );
}

/** Opens Help, asks to send, and confirms, in the pack's words. */
async function sendFromHelp(messages: Record<string, string> = en) {
  await userEvent.click(screen.getByText(messages['help.toggle']!));
  await userEvent.click(await screen.findByRole('button', { name: messages['actionLog.send'] }));
  await userEvent.click(screen.getByRole('button', { name: messages['actionLog.confirmSend'] }));
}

it('says what the log holds and sends nothing until the visitor confirms', async () => {
  const calls = answering(201, { error: false, reference: 'K7QF-92XD' });
  renderFooter();
  await userEvent.click(screen.getByText('Help'));
  expect(screen.getByText(/never holds passwords, codes or tokens/)).toBeVisible();
  expect(screen.getByText(/names and email addresses in it are masked/)).toBeVisible();

  // The download link and the send button arrive in a chunk of their own.
  await userEvent.click(
    await screen.findByRole('button', { name: 'Send activity log to support' }),
  );
  expect(
    screen.getByRole('group', { name: 'Send the activity log to support now?' }),
  ).toBeVisible();
  expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(calls).toHaveLength(0);
  expect(screen.queryByRole('group', { name: 'Send the activity log to support now?' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Send activity log to support' })).toHaveFocus();
});

it('sends the export with the stored token and shows the reference to quote', async () => {
  localStorage.setItem('token', 'session-token');
  const calls = answering(201, { error: false, reference: 'K7QF-92XD' });
  renderFooter();
  await sendFromHelp();
  expect(await screen.findByRole('status')).toHaveTextContent(
    'Sent. Quote this reference to support: K7QF-92XD',
  );
  expect(screen.getByText(/^Support:/)).toHaveTextContent(`Support: ${SUPPORT_CONTACT}`);
  expect(screen.getByRole('link', { name: SUPPORT_CONTACT })).toHaveAttribute(
    'href',
    `mailto:${SUPPORT_CONTACT}`,
  );
  expect(calls).toHaveLength(1);
  expect(calls[0]!.url).toMatch(/\/v1\/api\/action-logs$/);
  expect(calls[0]!.init.method).toBe('POST');
  expect(calls[0]!.init.headers).toMatchObject({
    'Content-Type': 'application/json',
    Authorization: 'Bearer session-token',
  });
  expect(JSON.parse(calls[0]!.init.body as string)).toHaveProperty('actionLog.version', 1);
});

it('resolves window.actionLog.send() to the reference, without a token for a guest', async () => {
  const calls = answering(201, { error: false, reference: 'ABCD-2345' });
  renderFooter();
  await expect(window.actionLog.send()).resolves.toBe('ABCD-2345');
  expect(calls[0]!.init.headers).not.toHaveProperty('Authorization');
});

it('says when to try again after a 429, in Khmer too', async () => {
  answering(
    429,
    { error: true, code: 'RATE_LIMITED', message: 'Too many requests.' },
    { 'retry-after': '1500' },
  );
  renderFooter('kh');
  await sendFromHelp(kh);
  expect(await screen.findByRole('alert')).toHaveTextContent('២៥ នាទី');
});

it('says when to try again after a 429 in English', async () => {
  answering(
    429,
    { error: true, code: 'RATE_LIMITED', message: 'Too many requests.' },
    { 'retry-after': '120' },
  );
  renderFooter();
  await sendFromHelp();
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Too many attempts. Please try again in 2 minutes.',
  );
});

it('refuses a log over 2 MiB without sending it, and reads a lost network as NETWORK', async () => {
  global.fetch = jest.fn() as typeof fetch;
  await expect(sendActivityLog('x'.repeat(ACTION_LOG_MAX_BYTES + 1))).rejects.toMatchObject({
    error: { code: 'PAYLOAD_TOO_LARGE' },
  });
  expect(global.fetch).not.toHaveBeenCalled();
  global.fetch = jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
  const failure = await sendActivityLog('{}').catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(SendLogError);
  expect((failure as SendLogError).error).toEqual({ code: 'NETWORK' });
});
