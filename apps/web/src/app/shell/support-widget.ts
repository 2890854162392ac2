import { SUPPORT_WIDGET_META } from '@foyer/contract';
import { useEffect } from 'react';
import { isNativeApp } from './native';

/**
 * The script's address: the server writes it into the page (VITE_SUPPORT_WIDGET_URL when it starts,
 * apps/server/src/http/spa-page.ts), else the build's own.
 */
function widgetUrl(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${SUPPORT_WIDGET_META}"]`);
  return meta?.content || import.meta.env.VITE_SUPPORT_WIDGET_URL;
}

/** A1.18, A1.19: the third-party live-support widget, unless inside the native shell or unconfigured. */
export function useSupportWidget(): void {
  useEffect(() => {
    const src = widgetUrl();
    if (!src || isNativeApp() || document.querySelector('script[data-support-widget]')) return;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.supportWidget = 'true';
    document.body.appendChild(script);
  }, []);
}
