import { useEffect } from 'react';
import { isNativeApp } from './native';

/** A1.18, A1.19: the third-party live-support widget, unless inside the native shell or unconfigured. */
export function useSupportWidget(): void {
  useEffect(() => {
    const src = import.meta.env.VITE_SUPPORT_WIDGET_URL;
    if (!src || isNativeApp() || document.querySelector('script[data-support-widget]')) return;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.supportWidget = 'true';
    document.body.appendChild(script);
  }, []);
}
