import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';

import { en } from '../../../i18n/messages/en';
import { localeChanged } from '../../../store/locale/localeSlice';
import { makeStore } from '../../../store/store';
import { DownloadActivityLogLink } from '../DownloadActivityLogLink';
import { activityLogFileName } from '../downloadLog';
import { installActionLogGlobal } from '../installActionLogGlobal';

afterEach(() => jest.restoreAllMocks());

it('downloads the export as activity-log-<time>.json, making the file only on click', async () => {
  // A bare store: the download only exports what it recorded, and sends nothing.
  const store = makeStore();
  store.dispatch(localeChanged('kh'));
  const created: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    created.push(blob);
    return 'blob:log';
  });
  URL.revokeObjectURL = jest.fn();
  const clicked: HTMLAnchorElement[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this);
  });
  render(
    <Provider store={store}>
      <IntlProvider locale="en" messages={en}>
        <DownloadActivityLogLink />
      </IntlProvider>
    </Provider>,
  );
  expect(created).toHaveLength(0);

  await userEvent.click(screen.getByRole('link', { name: 'Download activity log' }));
  expect(clicked).toHaveLength(1);
  expect(clicked[0]!.download).toMatch(/^activity-log-\d{4}-\d{2}-\d{2}T[\d-]+Z\.json$/);
  expect(await created[0]!.text()).toBe(store.actionLog.exportShared());
  expect(JSON.parse(JSON.parse(await created[0]!.text()).payload)).toEqual([
    { type: 'locale/changed', payload: 'kh' },
  ]);
});

it('names the file after the time it was made', () => {
  expect(activityLogFileName(Date.UTC(2026, 0, 15, 3, 4, 5, 6))).toBe(
    'activity-log-2026-01-15T03-04-05-006Z.json',
  );
});

it('offers the same export as window.actionLog.export()', () => {
  // A bare store, as above: nothing here sends a request.
  const store = makeStore();
  store.dispatch(localeChanged('kh'));
  installActionLogGlobal(window, store);
  expect(window.actionLog.export()).toBe(store.actionLog.exportShared());
});
