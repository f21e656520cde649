import { screen, waitFor, within } from '@testing-library/react';

import { json, settle, signedInAnswer, USER } from '../../../testing/app/fetchStub';
import { renderApp, type ApiScript } from '../../../testing/app/renderApp';
import {
  secondFactorRetried,
  selectSecondFactor,
  selectSecondFactorError,
} from '../secondFactorSlice';

afterEach(() => jest.restoreAllMocks());

const TOTP = '/v1/api/user/totp';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Accounts:sokha%40example.com?secret=${SECRET}&issuer=Accounts`;
const CODES = Array.from(
  { length: 10 },
  (_, index) => `abcd-efgh-ijkl-mn${'pqrstuvwxy'[index]}${index}`,
);

const status =
  (enabled: boolean, recoveryCodesLeft = enabled ? 10 : 0) =>
  () =>
    json(200, { error: false, enabled, recoveryCodesLeft });

/** The fake clock's time (testing/app/fakeEffects.ts), in Unix seconds. */
const NOW = Date.UTC(2026, 0, 15, 3, 0, 0) / 1000;
const CONFIRM = '/v1/api/user/confirm';
/** The session confirmed it is the owner a minute ago: changes ask for nothing more. */
const CONFIRMED: ApiScript = {
  [`GET ${CONFIRM}`]: () => json(200, { error: false, until: NOW + 540 }),
};
/** The session has not confirmed it is the owner: the section asks first. */
const UNCONFIRMED: ApiScript = {
  [`GET ${CONFIRM}`]: () => json(200, { error: false, until: null }),
  [`POST ${CONFIRM}`]: () => json(200, { error: false, until: NOW + 600 }),
};

/** Home with its "Two-step sign-in" section open (`/?section=security`). */
async function openHome(api: ApiScript, localeRef?: string) {
  const app = renderApp({
    path: '/?section=security',
    storage: { token: 'tok', ...(localeRef ? { localeRef } : {}) },
    api: { 'GET /v1/api/user/verify': () => signedInAnswer(2e9), ...CONFIRMED, ...api },
  });
  const section = await screen.findByRole('region', {
    name: /^(Two-step sign-in|ការចូលគណនីពីរជំហាន)$/,
  });
  return { ...app, section };
}

it('says it is off, and turns it on: the confirmation, the key (QR code and text), the first code, the codes once', async () => {
  const { user, section, sentTo, store } = await openHome({
    ...UNCONFIRMED,
    [`GET ${TOTP}`]: status(false),
    [`POST ${TOTP}/setup`]: () => json(200, { error: false, secret: SECRET, otpauthUri: URI }),
    [`POST ${TOTP}/enable`]: () => json(200, { error: false, recoveryCodes: CODES }),
  });
  const inSection = within(section);
  expect(await inSection.findByText('Two-step sign-in is off.')).toBeInTheDocument();

  await user.type(inSection.getByLabelText('Password'), 'correct horse');
  await user.click(inSection.getByRole('button', { name: 'Confirm' }));
  const start = await inSection.findByRole('button', { name: 'Set up two-step sign-in' });
  // What the confirmation opened has the focus.
  await waitFor(() => expect(start).toHaveFocus());
  expect(await sentTo('POST', CONFIRM)).toEqual([{ password: 'correct horse' }]);
  await user.click(start);

  // The key as text, grouped for the eye, and as a QR code with a text alternative.
  expect(await inSection.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
  const qr = await inSection.findByRole('img', { name: /QR code for your authenticator app/ });
  expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  const code = inSection.getByLabelText('Code from your authenticator app');
  await waitFor(() => expect(code).toHaveFocus());
  expect(await sentTo('POST', `${TOTP}/setup`)).toEqual([{}]);

  await user.type(code, '123456');
  await user.click(inSection.getByRole('button', { name: 'Turn on' }));

  const list = await inSection.findByRole('list');
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(CODES);
  expect(inSection.getByRole('heading', { name: 'Your recovery codes' })).toHaveFocus();
  expect(inSection.getAllByRole('status').map((node) => node.textContent)).toContain(
    'Two-step sign-in is on.',
  );
  expect(await sentTo('POST', `${TOTP}/enable`)).toEqual([{ code: '123456' }]);
  expect(inSection.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  expect(inSection.getByRole('button', { name: 'Download' })).toBeInTheDocument();

  // Secrets stay out of the action log.
  const exported = store.actionLog.export();
  for (const secret of [SECRET, 'abcd-efgh-ijkl-mnp0', 'correct horse', '123456']) {
    expect(exported).not.toContain(secret);
  }

  await user.click(inSection.getByRole('button', { name: 'I have saved them' }));
  expect(inSection.queryByRole('list')).not.toBeInTheDocument();
  expect(store.getState().secondFactor.recoveryCodes).toBeUndefined();
  expect(JSON.stringify(store.getState())).not.toContain('abcd-efgh');
  expect(
    inSection.getByText(/Two-step sign-in is on\. You have 10 recovery codes left\./),
  ).toBeInTheDocument();
});

it('says what a wrong password at the confirmation and a wrong first code mean', async () => {
  const { user, section } = await openHome({
    ...UNCONFIRMED,
    [`GET ${TOTP}`]: status(false),
    [`POST ${CONFIRM}`]: (request) =>
      request
        .clone()
        .json()
        .then((body: { password: string }) =>
          body.password === 'correct horse'
            ? json(200, { error: false, until: NOW + 600 })
            : json(400, { error: true, code: 'VALIDATION', fields: { password: 'INCORRECT' } }),
        ),
    [`POST ${TOTP}/setup`]: () => json(200, { error: false, secret: SECRET, otpauthUri: URI }),
    [`POST ${TOTP}/enable`]: () => json(400, { error: true, code: 'INVALID_CODE' }),
  });
  const inSection = within(section);
  const password = await inSection.findByLabelText('Password');
  await user.type(password, 'wrong horse');
  await user.click(inSection.getByRole('button', { name: 'Confirm' }));
  await waitFor(() =>
    expect(password).toHaveAccessibleDescription(/This is not your current password\./),
  );
  expect(password).toHaveFocus();

  await user.clear(password);
  await user.type(password, 'correct horse');
  await user.click(inSection.getByRole('button', { name: 'Confirm' }));
  await user.click(await inSection.findByRole('button', { name: 'Set up two-step sign-in' }));
  await user.type(await inSection.findByLabelText('Code from your authenticator app'), '000000');
  await user.click(inSection.getByRole('button', { name: 'Turn on' }));
  const alert = await inSection.findByText(/That code is not right, or it was already used\./);
  expect(alert.closest('[role="alert"]')).toHaveFocus();
});

it('cancels a setup', async () => {
  const { user, section, store } = await openHome({
    [`GET ${TOTP}`]: status(false),
    [`POST ${TOTP}/setup`]: () => json(200, { error: false, secret: SECRET, otpauthUri: URI }),
  });
  const inSection = within(section);
  await user.click(await inSection.findByRole('button', { name: 'Set up two-step sign-in' }));
  await user.click(await inSection.findByRole('button', { name: 'Cancel' }));
  expect(inSection.getByRole('button', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
  expect(store.getState().secondFactor.setup).toBeUndefined();
});

it('when on: the codes left, new codes once confirmed, shown once', async () => {
  const renewed = CODES.map((code) => code.replace('abcd', 'wxyz'));
  const { user, section, sentTo } = await openHome({
    [`GET ${TOTP}`]: status(true, 3),
    [`POST ${TOTP}/recovery-codes`]: () => json(200, { error: false, recoveryCodes: renewed }),
  });
  const inSection = within(section);
  expect(
    await inSection.findByText('Two-step sign-in is on. You have 3 recovery codes left.'),
  ).toBeInTheDocument();

  await user.click(await inSection.findByRole('button', { name: 'Make new codes' }));

  const list = await inSection.findByRole('list');
  expect(within(list).getAllByRole('listitem')).toHaveLength(10);
  expect(list).toHaveTextContent('wxyz-efgh-ijkl-mnp0');
  // Said once, while the new codes show.
  const said = () => inSection.queryAllByRole('status').map((node) => node.textContent);
  expect(said()).toContain('New recovery codes made. The old ones no longer work.');
  expect(await sentTo('POST', `${TOTP}/recovery-codes`)).toEqual([{}]);
  await user.click(inSection.getByRole('button', { name: 'I have saved them' }));
  expect(inSection.getByText(/You have 10 recovery codes left\./)).toBeInTheDocument();
  expect(said()).not.toContain('New recovery codes made. The old ones no longer work.');
});

it('turns it off once confirmed', async () => {
  const { user, section, sentTo } = await openHome({
    [`GET ${TOTP}`]: status(true, 9),
    [`POST ${TOTP}/disable`]: () => json(200, { error: false }),
  });
  const inSection = within(section);
  await user.click(await inSection.findByRole('button', { name: 'Turn off' }));

  expect(await inSection.findByText('Two-step sign-in is off.')).toBeInTheDocument();
  expect(
    inSection.getByText('Two-step sign-in is off. Your password alone signs you in.'),
  ).toHaveAttribute('role', 'status');
  expect(await sentTo('POST', `${TOTP}/disable`)).toEqual([{}]);
});

it('keeps what a change answered over a question asked before it and answered after it', async () => {
  let reads = 0;
  let answerLateRead: () => void = () => {};
  const lateRead = new Promise<void>((resolve) => (answerLateRead = resolve));
  const { user, section, sentTo, store, actions } = await openHome({
    [`GET ${TOTP}`]: async () => {
      reads += 1;
      if (reads === 2) await lateRead;
      return status(true, 9)();
    },
    [`POST ${TOTP}/disable`]: () => json(200, { error: false }),
  });
  const inSection = within(section);
  const turnOff = await inSection.findByRole('button', { name: 'Turn off' });
  store.dispatch(secondFactorRetried());
  await waitFor(() => expect(reads).toBe(2));
  await user.click(turnOff);
  expect(await inSection.findByText('Two-step sign-in is off.')).toBeInTheDocument();
  expect(await sentTo('POST', `${TOTP}/disable`)).toEqual([{}]);

  answerLateRead();
  const answers = () =>
    actions.filter(
      (action) =>
        action.type === 'api/executeQuery/fulfilled' &&
        JSON.stringify(action.meta).includes('"endpointName":"secondFactor"'),
    ).length;
  await waitFor(() => expect(answers()).toBe(2));
  await settle(store);
  expect(selectSecondFactor(store.getState())).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  expect(inSection.getByText('Two-step sign-in is off.')).toBeInTheDocument();
  // The change's answer said the new state: nothing was asked again.
  expect(reads).toBe(2);
});

it('asks the password and a code (or a recovery code) to confirm, checked before sending, and says a wrong code in words', async () => {
  const { user, section, requests, sentTo } = await openHome({
    ...UNCONFIRMED,
    [`GET ${TOTP}`]: status(true),
    [`POST ${CONFIRM}`]: () => json(400, { error: true, code: 'INVALID_CODE' }),
  });
  const inSection = within(section);
  await user.click(await inSection.findByRole('button', { name: 'Confirm' }));
  const password = inSection.getByLabelText('Password');
  expect(password).toHaveAccessibleDescription(/Enter your password\./);
  expect(password).toHaveFocus();
  expect(requests.filter((r) => r.url.endsWith(CONFIRM) && r.method === 'POST')).toHaveLength(0);
  expect(inSection.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();

  await user.type(password, 'correct horse');
  await user.type(inSection.getByLabelText('Code from your authenticator app'), '111111');
  await user.click(inSection.getByRole('button', { name: 'Confirm' }));
  expect(
    await inSection.findByText(/That code is not right, or it was already used\./),
  ).toBeInTheDocument();

  await user.click(inSection.getByRole('button', { name: 'Use a recovery code instead' }));
  await user.type(inSection.getByLabelText('Recovery code'), 'abcd-efgh-ijkl-mnop');
  await user.click(inSection.getByRole('button', { name: 'Confirm' }));
  await waitFor(async () =>
    expect(await sentTo('POST', CONFIRM)).toEqual([
      { password: 'correct horse', code: '111111' },
      { password: 'correct horse', code: 'abcd-efgh-ijkl-mnop' },
    ]),
  );
});

it('speaks Khmer, with Khmer digits in sentences', async () => {
  const { section } = await openHome({ [`GET ${TOTP}`]: status(true, 7) }, 'kh');
  expect(await within(section).findByText(/អ្នកនៅសល់លេខកូដសង្គ្រោះ ៧។/)).toBeInTheDocument();
});

it('asks the server whether it is on, once the home view is verified', async () => {
  const { requests } = await openHome({ [`GET ${TOTP}`]: status(false) });
  await screen.findByText('Two-step sign-in is off.');
  expect(requests.filter((r) => r.method === 'GET' && r.url.endsWith(TOTP))).toHaveLength(1);
  expect(USER.email).toBeTruthy();
});

it('says in words when it could not be loaded, and "Try again" asks again', async () => {
  let answers = 0;
  const { user, section, store } = await openHome({
    [`GET ${TOTP}`]: () => {
      answers += 1;
      if (answers === 1) throw new TypeError('Failed to fetch');
      return status(true, 4)();
    },
  });
  const inSection = within(section);
  const alert = await inSection.findByRole('alert');
  expect(alert).toHaveTextContent(
    'We could not check whether two-step sign-in is on. We could not reach the server.',
  );
  expect(inSection.queryByText('Loading…')).not.toBeInTheDocument();
  expect(selectSecondFactorError(store.getState())).toMatchObject({ code: 'NETWORK' });

  await user.click(inSection.getByRole('button', { name: 'Try again' }));
  expect(
    await inSection.findByText('Two-step sign-in is on. You have 4 recovery codes left.'),
  ).toBeInTheDocument();
  expect(inSection.queryByText(/We could not check/)).not.toBeInTheDocument();
  expect(answers).toBe(2);
  expect(selectSecondFactorError(store.getState())).toBeNull();
  expect(store.actionLog.export()).toContain('account/secondFactorRetried');
});

it('says the failure and "Try again" in Khmer', async () => {
  const { section } = await openHome(
    { [`GET ${TOTP}`]: () => json(503, { error: true, code: 'SERVICE_UNAVAILABLE' }) },
    'kh',
  );
  const inSection = within(section);
  expect(await inSection.findByRole('alert')).toHaveTextContent(
    /យើងមិនអាចពិនិត្យមើលថាតើការចូលគណនីពីរជំហានត្រូវបានបើកឬអត់ទេ។/,
  );
  expect(inSection.getByRole('button', { name: 'ព្យាយាមម្ដងទៀត' })).toBeInTheDocument();
});

describe('copying where the browser will not', () => {
  const BY_HAND =
    'This browser did not copy it. Select and copy it yourself: it is selected for you.';

  it('selects the key and says so, when there is no clipboard', async () => {
    const { user, section, store } = await openHome({
      [`GET ${TOTP}`]: status(false),
      [`POST ${TOTP}/setup`]: () => json(200, { error: false, secret: SECRET, otpauthUri: URI }),
    });
    const inSection = within(section);
    await user.click(await inSection.findByRole('button', { name: 'Set up two-step sign-in' }));
    await inSection.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await user.click(inSection.getByRole('button', { name: 'Copy' }));
    expect(await inSection.findByText(BY_HAND)).toHaveAttribute('role', 'status');
    expect(window.getSelection()?.toString()).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    // What the page says is the store's, so time travel and replay say it too; it goes with the key.
    expect(store.getState().secondFactor.copied).toEqual({ what: 'key', copied: false });
    await user.click(inSection.getByRole('button', { name: 'Cancel' }));
    expect(store.getState().secondFactor.copied).toBeUndefined();
  });

  it('selects the codes and says so, when the clipboard refuses', async () => {
    const { user, section, store } = await openHome({
      [`GET ${TOTP}`]: status(false),
      [`POST ${TOTP}/setup`]: () => json(200, { error: false, secret: SECRET, otpauthUri: URI }),
      [`POST ${TOTP}/enable`]: () => json(200, { error: false, recoveryCodes: CODES }),
    });
    const inSection = within(section);
    await user.click(await inSection.findByRole('button', { name: 'Set up two-step sign-in' }));
    await user.type(await inSection.findByLabelText('Code from your authenticator app'), '123456');
    await user.click(inSection.getByRole('button', { name: 'Turn on' }));
    await inSection.findByRole('list');
    jest
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    await user.click(inSection.getByRole('button', { name: 'Copy' }));
    expect(await inSection.findByText(BY_HAND)).toHaveAttribute('role', 'status');
    const selected = window.getSelection()?.toString() ?? '';
    for (const code of CODES) expect(selected).toContain(code);
    expect(store.getState().secondFactor.copied).toEqual({ what: 'recoveryCodes', copied: false });
  });
});

it('on a phone, opens the key in the authenticator app by its link; elsewhere there is no such link', async () => {
  for (const [agent, offered] of [
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36', true],
    ['Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36', false],
  ] as const) {
    const userAgent = jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue(agent);
    const { user, section, unmount } = await openHome({
      [`GET ${TOTP}`]: status(false),
      [`POST ${TOTP}/setup`]: () => json(200, { error: false, secret: SECRET, otpauthUri: URI }),
    });
    const inSection = within(section);
    await user.click(await inSection.findByRole('button', { name: 'Set up two-step sign-in' }));
    await inSection.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const link = inSection.queryByRole('link', { name: 'Open in authenticator app' });
    expect([agent, link?.getAttribute('href') ?? null]).toEqual([agent, offered ? URI : null]);
    unmount();
    userAgent.mockRestore();
  }
});
