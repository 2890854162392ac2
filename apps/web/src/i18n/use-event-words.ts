import { EVENT_WORD_MAX_LENGTH } from '@foyer/contract';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { type Catalogue, i18n } from './translator';

/**
 * The file's answer as the translator takes it: languages of strings only. It is the server's, but
 * it is fetched outside the API's checked envelope, so nothing else reaches the texts on screen.
 */
export function ownWordsOf(body: unknown): Record<string, Catalogue> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const words: Record<string, Catalogue> = {};
  for (const [lang, texts] of Object.entries(body)) {
    if (typeof texts !== 'object' || texts === null || Array.isArray(texts)) continue;
    const kept = Object.entries(texts).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' && entry[1].length <= EVENT_WORD_MAX_LENGTH,
    );
    if (kept.length > 0) words[lang] = Object.fromEntries(kept);
  }
  return words;
}

/** A7.27: GET messagesForEvent/{id}.json, outside the API like the static pages. */
async function fetchOwnWords(eventId: number, signal: AbortSignal): Promise<Record<string, Catalogue>> {
  // An organizer's change is told over the event's channel; the browser's copy must not answer it.
  const response = await fetch(`/messagesForEvent/${eventId}.json`, {
    signal,
    cache: 'no-cache',
    headers: { accept: 'application/json' },
  });
  if (response.status === 404) return {};
  if (!response.ok) throw new Error(`messagesForEvent/${eventId}: ${response.status}`);
  return ownWordsOf(await response.json());
}

/**
 * While an event's pages are on screen, the app's texts it words its own way replace the catalogue's
 * (A7.27). The file is asked for only when the event says it has some (A7.28: `ownWords`), and again
 * when the event changes (its key is under the event's, which an organizer's save refreshes).
 * Returns true while the first copy is being fetched: the page waits for it rather than show the
 * app's words and then change them. They are laid over before the browser paints (a layout effect).
 */
export function useEventWords(eventId: number, ownWords: readonly string[] | undefined): boolean {
  const wanted = Number.isInteger(eventId) && eventId > 0 && (ownWords?.length ?? 0) > 0;
  const { data, isPending, fetchStatus } = useQuery({
    queryKey: ['event', eventId, 'own-words'],
    queryFn: ({ signal }) => fetchOwnWords(eventId, signal),
    enabled: wanted,
    staleTime: 60_000,
    retry: 1,
  });
  useLayoutEffect(() => {
    if (!wanted || !data) return;
    i18n.setOwnWords(data);
    return () => i18n.setOwnWords(null);
  }, [wanted, data]);
  // Offline the query is paused, not fetching: the page then shows the app's words, not a loader.
  return wanted && isPending && fetchStatus === 'fetching';
}
