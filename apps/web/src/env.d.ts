declare const __BUILD_TIME__: string;

interface Window {
  /** Present when the app runs inside the native mobile shell (A1.16). */
  ReactNativeWebView?: { postMessage(message: string): void };
}
