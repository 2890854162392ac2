import { useEffect } from 'react';
import { setEventLanguage } from './index';

/**
 * While an event's pages (or its branded login) are on screen, its default language applies to a
 * person who has not chosen one; leaving them returns to the browser's language.
 */
export function useEventLanguage(defaultLanguage: string | null | undefined): void {
  useEffect(() => {
    if (!defaultLanguage) return;
    void setEventLanguage(defaultLanguage);
    return () => void setEventLanguage(null);
  }, [defaultLanguage]);
}
