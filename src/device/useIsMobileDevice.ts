import { useState } from 'react';

import { isMobileDevice } from './isMobileDevice';

/** Whether this is a phone or tablet; a device does not change while the page is open. */
export function useIsMobileDevice(): boolean {
  const [mobile] = useState(() => isMobileDevice());
  return mobile;
}
