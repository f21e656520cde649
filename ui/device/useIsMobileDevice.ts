import { useState } from 'react';

import { isMobileDevice } from './isMobileDevice';

/** Whether the visitor is on a phone or tablet (./isMobileDevice.ts), read once per component. */
export function useIsMobileDevice(): boolean {
  const [mobile] = useState(() => isMobileDevice());
  return mobile;
}
