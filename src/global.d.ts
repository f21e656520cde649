declare module '*.css';

interface Window {
  /** The mobile-device helper, available globally (CONTRACT.md section 3). */
  isMobileDevice: () => boolean;
}
