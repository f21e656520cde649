import { redacted, REDACTED, redactedJson } from '../redact';

it('hides password, token and authorization keys in any case, at any depth', () => {
  const action = {
    type: 'anything',
    payload: { list: [{ Password: 'p1' }, { deeper: { TOKEN: 't1', hasToken: true } }] },
    meta: { headers: { Authorization: 'Bearer abc' }, authorization: { scheme: 'x' } },
  };
  expect(redacted(action)).toEqual({
    type: 'anything',
    payload: { list: [{ Password: REDACTED }, { deeper: { TOKEN: REDACTED, hasToken: true } }] },
    meta: { headers: { Authorization: REDACTED }, authorization: REDACTED },
  });
});

it('hides activation codes but keeps server error codes readable', () => {
  const value = {
    meta: { arg: { originalArgs: { email: 'a@b.c', code: '12 34' } } },
    payload: { code: '004211', error: { code: 'INVALID_TOKEN' }, other: { code: 123456 } },
    location: { search: '?email=a%40b.c&code=004211', hash: '#token=abc' },
  };
  expect(redacted(value)).toEqual({
    meta: { arg: { originalArgs: { email: 'a@b.c', code: REDACTED } } },
    payload: { code: REDACTED, error: { code: 'INVALID_TOKEN' }, other: { code: REDACTED } },
    location: { search: `?email=a%40b.c&code=${REDACTED}`, hash: `#token=${REDACTED}` },
  });
});

it("hides a mailed link's token, as a request's argument and in the link itself", () => {
  const value = {
    meta: { arg: { originalArgs: { email: 'a@b.c', code: '004211', linkToken: 'k3y_-Z' } } },
    location: { search: '?email-code=004211&token=k3y_-Z' },
  };
  expect(redacted(value)).toEqual({
    meta: { arg: { originalArgs: { email: 'a@b.c', code: REDACTED, linkToken: REDACTED } } },
    location: { search: `?email-code=${REDACTED}&token=${REDACTED}` },
  });
});

it('drops what JSON cannot carry, so the copy is plain data', () => {
  const cyclic: Record<string, unknown> = { name: 'c' };
  cyclic.self = cyclic;
  const value = {
    meta: { baseQueryMeta: { request: new Request('http://x/'), response: new Response('') } },
    handler: () => 1,
    when: new Date(0),
    list: [undefined, Symbol('s'), 1, Number.NaN],
    cyclic,
  };
  expect(redacted(value)).toEqual({
    meta: { baseQueryMeta: {} },
    list: [null, null, 1, null],
    cyclic: { name: 'c' },
  });
});

it('writes keys in a stable order when asked, so equal states read the same', () => {
  expect(redactedJson({ b: 1, a: { d: 2, c: 3 } }, true)).toBe('{"a":{"c":3,"d":2},"b":1}');
  expect(redactedJson({ b: 1, a: 2 })).toBe('{"b":1,"a":2}');
});

it("hides the second factor's secrets: the ticket, the key and its URI, codes and recovery codes", () => {
  const ticket = 'tkt_9f8e7d6c5b4a';
  const secret = 'JBSWY3DPEHPK3PXP';
  const otpauthUri = `otpauth://totp/Accounts:a%40b.c?secret=${secret}&issuer=Accounts`;
  const recoveryCodes = ['abcd-efgh-ijkl-mnop', 'qrst-uvwx-yz23-4567'];
  const actions = [
    { payload: { error: false, secondFactor: { ticket, expiresAt: 2e9 } } },
    { meta: { arg: { originalArgs: { ticket, code: '123456' } } } },
    { meta: { arg: { originalArgs: { ticket, recoveryCode: 'abcd-efgh-ijkl-mnop' } } } },
    { meta: { arg: { originalArgs: { password: 'pw', code: 'abcd-efgh-ijkl-mnop' } } } },
    { payload: { error: false, secret, otpauthUri } },
    { payload: { error: false, recoveryCodes } },
    // The states that hold them while they are shown.
    {
      auth: { secondStep: { ticket, expiresAt: 2e9 } },
      account: { secondFactorSetup: { secret, otpauthUri }, recoveryCodes },
    },
  ];
  const text = redactedJson(actions) ?? '';
  for (const value of [ticket, secret, otpauthUri, '123456', ...recoveryCodes, 'pw']) {
    expect(text).not.toContain(value);
  }
  expect(redacted(actions)).toEqual([
    { payload: { error: false, secondFactor: { ticket: REDACTED, expiresAt: 2e9 } } },
    { meta: { arg: { originalArgs: { ticket: REDACTED, code: REDACTED } } } },
    { meta: { arg: { originalArgs: { ticket: REDACTED, recoveryCode: REDACTED } } } },
    { meta: { arg: { originalArgs: { password: REDACTED, code: REDACTED } } } },
    { payload: { error: false, secret: REDACTED, otpauthUri: REDACTED } },
    { payload: { error: false, recoveryCodes: REDACTED } },
    {
      auth: { secondStep: { ticket: REDACTED, expiresAt: 2e9 } },
      account: {
        secondFactorSetup: { secret: REDACTED, otpauthUri: REDACTED },
        recoveryCodes: REDACTED,
      },
    },
  ]);
});

it("hides a passkey ceremony: the browser's response, the options' challenge and credential ids", () => {
  const credentialId = 'Y3JlZGVudGlhbC1pZA';
  const challenge = 'Y2hhbGxlbmdlLWJ5dGVz';
  const signature = 'c2lnbmF0dXJlLWJ5dGVz';
  const value = {
    meta: {
      arg: {
        originalArgs: {
          response: {
            id: credentialId,
            rawId: credentialId,
            response: { clientDataJSON: 'eyJjaGFsbGVuZ2UiOiJ4In0', signature },
            type: 'public-key',
          },
          name: 'Work laptop',
        },
      },
    },
    payload: {
      error: false,
      options: {
        challenge,
        rpId: 'localhost',
        allowCredentials: [{ id: credentialId, type: 'public-key' }],
        excludeCredentials: [{ id: credentialId, type: 'public-key' }],
      },
      passkey: { id: 'public-passkey-id', name: 'Work laptop' },
    },
  };
  const text = redactedJson(value) ?? '';
  for (const secret of [credentialId, challenge, signature, 'eyJjaGFsbGVuZ2UiOiJ4In0']) {
    expect(text).not.toContain(secret);
  }
  // What names the passkey for a person, and its public id, stay readable.
  expect(redacted(value).payload.passkey).toEqual({ id: 'public-passkey-id', name: 'Work laptop' });
  expect(redacted(value).meta.arg.originalArgs.name).toBe('Work laptop');
});
