import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';

import { decodeLog } from '../../../contract/action-log';
import { intlFormats } from '../../../i18n/digits';
import { en } from '../../../i18n/messages/en';
import { kh } from '../../../i18n/messages/kh';
import { FORMAT_LOCALE, SUPPORT_CONTACT } from '../../../store/constants';
import { localeChanged } from '../../../store/locale/localeSlice';
import { startStore } from '../../../store/startStore';
import { fakeEffects } from '../../../testing/app/fakeEffects';
import {
  guestAnswer,
  json,
  settle,
  signedInAnswer,
  stubFetch,
} from '../../../testing/app/fetchStub';
import { ACTION_LOG_BODY_LIMIT } from '../endpoints';
import { HelpDisclosure } from '../HelpDisclosure';
import { helpToolsEn } from '../helpTools.messages';
import { installActionLogGlobal } from '../installActionLogGlobal';
import { sendActivityLog } from '../sendLog';
import { SendLogError } from '../sendLogError';

afterEach(() => jest.restoreAllMocks());

const isUpload = (request: Request) => request.url.endsWith('/v1/api/action-logs');

/** The server answers an upload with `status` and `body`, and the page's verify calls. */
function answering(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  verify: () => Response = guestAnswer,
) {
  const seen = stubFetch((request) => (isUpload(request) ? json(status, body, headers) : verify()));
  return { uploads: () => seen.filter(isUpload) };
}

/** A running store (the upload is one of its API's calls), its Help footer on screen. */
async function renderFooter(locale: 'en' | 'kh' = 'en', storage: Record<string, string> = {}) {
  const store = startStore(fakeEffects({ storage, path: '/login' }));
  store.dispatch(localeChanged(locale));
  await settle(store);
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
  return store;
}

/** Opens Help, asks to send, and confirms, in the pack's words (the tools bring their own). */
async function sendFromHelp(messages: Record<string, string> = { ...en, ...helpToolsEn }) {
  await userEvent.click(screen.getByText(messages['help.toggle']!));
  await userEvent.click(await screen.findByRole('button', { name: messages['actionLog.send'] }));
  await userEvent.click(screen.getByRole('button', { name: messages['actionLog.confirmSend'] }));
}

it('says what the log holds and sends nothing until the visitor confirms', async () => {
  const { uploads } = answering(201, { error: false, reference: 'K7QF-92XD' });
  await renderFooter();
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
  expect(uploads()).toHaveLength(0);
  expect(screen.queryByRole('group', { name: 'Send the activity log to support now?' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Send activity log to support' })).toHaveFocus();
});

it('sends the export with the stored token and shows the reference to quote', async () => {
  const { uploads } = answering(201, { error: false, reference: 'K7QF-92XD' }, {}, () =>
    signedInAnswer(),
  );
  const store = await renderFooter('en', { token: 'session-token' });
  await sendFromHelp();
  expect(await screen.findByRole('status')).toHaveTextContent(
    'Sent. Quote this reference to support: K7QF-92XD',
  );
  // What comes next has the focus: the reference, not <body>.
  await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
  expect(screen.getByText(/^Support:/)).toHaveTextContent(`Support: ${SUPPORT_CONTACT}`);
  expect(screen.getByRole('link', { name: SUPPORT_CONTACT })).toHaveAttribute(
    'href',
    `mailto:${SUPPORT_CONTACT}`,
  );
  expect(uploads()).toHaveLength(1);
  const [upload] = uploads();
  expect(upload!.method).toBe('POST');
  expect(upload!.headers.get('Content-Type')).toBe('application/json');
  expect(upload!.headers.get('Authorization')).toBe('Bearer session-token');
  expect(upload!.headers.get('X-Log-Id')).toBe(store.actionLog.logId);
  expect(JSON.parse(await upload!.text())).toHaveProperty('actionLog.version', 1);
  // The upload is in the log like any call, without the log it carried.
  const recorded = decodeLog(store.actionLog.export()).actions.filter(
    (action) =>
      (action.meta as { arg?: { endpointName?: string } } | undefined)?.arg?.endpointName ===
      'actionLogs',
  );
  expect(recorded.map((action) => action.type)).toEqual([
    'api/executeMutation/pending',
    'api/executeMutation/fulfilled',
  ]);
  expect(JSON.stringify(recorded)).not.toContain('stateHashes');
});

it('resolves window.actionLog.send() to the reference, without a token for a guest', async () => {
  const { uploads } = answering(201, { error: false, reference: 'ABCD-2345' });
  await renderFooter();
  await expect(window.actionLog.send()).resolves.toBe('ABCD-2345');
  expect(uploads()[0]!.headers.has('Authorization')).toBe(false);
});

it('says when to try again after a 429, in Khmer too', async () => {
  answering(
    429,
    { error: true, code: 'RATE_LIMITED', message: 'Too many requests.' },
    { 'retry-after': '1500' },
  );
  await renderFooter('kh');
  await sendFromHelp({ ...en, ...helpToolsEn, ...kh });
  expect(await screen.findByRole('alert')).toHaveTextContent('២៥ នាទី');
});

it('says when to try again after a 429 in English', async () => {
  answering(
    429,
    { error: true, code: 'RATE_LIMITED', message: 'Too many requests.' },
    { 'retry-after': '120' },
  );
  await renderFooter();
  await sendFromHelp();
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Too many attempts. Please try again in 2 minutes.',
  );
  // Why it was not sent has the focus.
  await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
});

it('refuses a log over 2 MiB without sending it, and reads a lost network as NETWORK', async () => {
  const { uploads } = answering(201, { error: false, reference: 'ABCD-2345' });
  const store = await renderFooter();
  await expect(sendActivityLog(store, 'x'.repeat(ACTION_LOG_BODY_LIMIT + 1))).rejects.toMatchObject(
    {
      error: { code: 'PAYLOAD_TOO_LARGE' },
    },
  );
  expect(uploads()).toHaveLength(0);
  jest.restoreAllMocks();
  stubFetch(() => {
    throw new TypeError('Failed to fetch');
  });
  const failure = await sendActivityLog(store, '{}').catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(SendLogError);
  expect((failure as SendLogError).error).toEqual({ code: 'NETWORK' });
});

it('reads a server failure that is not JSON as a failure of the server', async () => {
  stubFetch((request) =>
    isUpload(request) ? new Response('<h1>Bad gateway</h1>', { status: 502 }) : guestAnswer(),
  );
  const store = await renderFooter();
  const failure = await sendActivityLog(store, '{}').catch((error: unknown) => error);
  expect((failure as SendLogError).error).toEqual({ code: 'INTERNAL', status: 502 });
});
