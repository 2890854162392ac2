/**
 * E7.58: the key a message (or a new group) is sent with. The client makes one per thing it
 * composes and sends it again with every retry of it: when an answer is lost on the venue's Wi-Fi
 * and the send is tried again, the server answers with what it stored the first time instead of
 * storing (and delivering) it twice.
 */

/** What is being sent (its text, or what describes it) and its key. */
export interface Outgoing {
  content: string;
  key: string;
}

/**
 * A random key the server accepts (8–64 letters, digits, `_`, `-`). `crypto.randomUUID` exists only
 * on pages of a secure context; `getRandomValues` everywhere.
 */
export function newClientKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The key to send `content` with: the previous one's when it is the same content sent again (a
 * retry after a failure), else a new one (another message).
 */
export function outgoing(previous: Outgoing | null, content: string, newKey = newClientKey): Outgoing {
  return previous !== null && previous.content === content ? previous : { content, key: newKey() };
}
