declare module '*.css';

interface Window {
  /** The mobile-device helper, available globally (docs/architecture.md, Verify outcomes). */
  isMobileDevice: () => boolean;
}
