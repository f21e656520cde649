import { installMobileDeviceGlobal, isMobileDevice, type DeviceHints } from '../isMobileDevice';

const DESKTOP_TOUCHLESS: DeviceHints = { maxTouchPoints: 0 };

const cases: Array<[string, string, DeviceHints, boolean]> = [
  [
    'Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    { maxTouchPoints: 0, mobile: false },
    false,
  ],
  [
    'Edge on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.67',
    DESKTOP_TOUCHLESS,
    false,
  ],
  [
    'Firefox on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
    DESKTOP_TOUCHLESS,
    false,
  ],
  [
    'Safari on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
    DESKTOP_TOUCHLESS,
    false,
  ],
  [
    'Chrome on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    DESKTOP_TOUCHLESS,
    false,
  ],
  [
    'Firefox on Linux',
    'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
    DESKTOP_TOUCHLESS,
    false,
  ],
  [
    'Chrome on Linux',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    DESKTOP_TOUCHLESS,
    false,
  ],
  [
    'Chrome on an Android phone',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
    { maxTouchPoints: 5 },
    true,
  ],
  [
    'Chrome on an Android tablet',
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    { maxTouchPoints: 10 },
    true,
  ],
  [
    'Safari on an iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    { maxTouchPoints: 5 },
    true,
  ],
  [
    'Safari on an older iPad',
    'Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
    { maxTouchPoints: 5 },
    true,
  ],
  [
    'Safari on iPadOS asking for the desktop site',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    { maxTouchPoints: 5 },
    true,
  ],
  [
    'an iPod touch',
    'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
    {},
    true,
  ],
  [
    'Windows Phone',
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.15063',
    {},
    true,
  ],
  [
    'IE Mobile',
    'Mozilla/5.0 (compatible; MSIE 10.0; Windows Phone 8.0; Trident/6.0; IEMobile/10.0; ARM; Touch; NOKIA; Lumia 920)',
    {},
    true,
  ],
  [
    'a BlackBerry',
    'Mozilla/5.0 (BlackBerry; U; BlackBerry 9900; en) AppleWebKit/534.11+ (KHTML, like Gecko) Version/7.1.0.346 Mobile Safari/534.11+',
    {},
    true,
  ],
  [
    'Opera Mini',
    'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54',
    {},
    true,
  ],
  [
    'a Chromium browser that says it is mobile',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    { mobile: true },
    true,
  ],
];

it.each(cases)('%s: %#', (_name, userAgent, hints, expected) => {
  expect(isMobileDevice(userAgent, hints)).toBe(expected);
});

describe('in the page', () => {
  const PHONE = cases.find(([name]) => name === 'Safari on an iPhone')![1];

  afterEach(() => jest.restoreAllMocks());

  it('is available on window.isMobileDevice', () => {
    jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(PHONE);
    installMobileDeviceGlobal(window);
    expect(window.isMobileDevice()).toBe(true);
  });

  it("reads this browser's user agent by default", () => {
    const agent = jest.spyOn(window.navigator, 'userAgent', 'get');
    agent.mockReturnValue(PHONE);
    expect(isMobileDevice()).toBe(true);
    agent.mockReturnValue(cases[0]![1]);
    expect(isMobileDevice()).toBe(false);
  });
});
