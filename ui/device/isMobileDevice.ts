// Whether the visitor is on a phone or tablet, from the user agent and the hints browsers add.

/** What a browser tells beyond its user-agent string. */
export interface DeviceHints {
  /** Touch points of the screen: iPadOS reports a Mac user agent but has several. */
  maxTouchPoints?: number;
  /** `navigator.userAgentData.mobile` (Chromium browsers). */
  mobile?: boolean;
}

const MOBILE_USER_AGENT =
  /Android|iPhone|iPad|iPod|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|Opera Mobi|webOS|Kindle|Silk|Mobile/i;
const MAC_DESKTOP = /Macintosh|Mac OS X/;

type NavigatorLike = Pick<Navigator, 'userAgent' | 'maxTouchPoints'> & {
  userAgentData?: { mobile?: boolean };
};

export function hintsOf(navigator: NavigatorLike | undefined): DeviceHints {
  if (!navigator) return {};
  return { maxTouchPoints: navigator.maxTouchPoints, mobile: navigator.userAgentData?.mobile };
}

const currentNavigator = (): NavigatorLike | undefined =>
  typeof navigator === 'undefined' ? undefined : navigator;

export function isMobileDevice(
  userAgent: string = currentNavigator()?.userAgent ?? '',
  hints: DeviceHints = hintsOf(currentNavigator()),
): boolean {
  if (hints.mobile === true) return true;
  if (MOBILE_USER_AGENT.test(userAgent)) return true;
  // iPadOS 13+ asks for desktop sites with a Mac user agent; only its touch screen gives it away.
  return MAC_DESKTOP.test(userAgent) && (hints.maxTouchPoints ?? 0) > 1;
}

export function installMobileDeviceGlobal(window: Window) {
  const navigator = window.navigator as NavigatorLike;
  window.isMobileDevice = () => isMobileDevice(navigator.userAgent, hintsOf(navigator));
}
