import type { MailboxMessage } from '@foyer/contract';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Mail bodies carry names people typed: everything is escaped, and the page has no script. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

export function renderMailbox(messages: MailboxMessage[]): string {
  const items = messages
    .map(
      (m) => `<article>
  <header><strong>${escapeHtml(m.subject || '(no subject)')}</strong>
  <span>to ${escapeHtml(m.to)} · ${m.channel} · <time datetime="${m.createdAt}">${m.createdAt}</time></span></header>
  <pre>${escapeHtml(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Foyer dev mailbox</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 52rem; padding: 0 1rem; color: #1a1b1e; }
  article { border: 1px solid #ced4da; border-radius: 6px; margin: 1rem 0; padding: 0.75rem 1rem; }
  header span { display: block; color: #495057; font-size: 0.875rem; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f1f3f5; padding: 0.75rem; border-radius: 4px; }
</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p>Mail the server would have sent (no SMTP_URL configured), newest first. Not available in production.
JSON: <code>/api/v1/dev/mailbox</code>.</p>
${items || '<p>No mail yet.</p>'}
</body>
</html>
`;
}
