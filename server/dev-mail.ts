import type { Sql } from 'postgres';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const linkify = (s: string) => escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** The embedded platform's outbox, newest first: the developer's inbox for sign-in and invitation mail. */
export async function devMailPage(sql: Sql): Promise<string> {
  const rows = await sql<{ id: number; to_email: string; subject: string; body: string; created_at: Date }[]>`
    select id, to_email, subject, body, created_at from private.mail_outbox order by id desc limit 100`;
  const items = rows
    .map(
      (m) => `
    <article class="mail" data-to="${escapeHtml(m.to_email)}">
      <header><strong>${escapeHtml(m.subject)}</strong> to <span class="to">${escapeHtml(m.to_email)}</span>
      <time>${m.created_at.toISOString()}</time></header>
      <pre>${linkify(m.body)}</pre>
    </article>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem auto;max-width:860px;color:#1f2937}
.mail{border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin:12px 0}
time{color:#6b7280;margin-left:8px;font-size:12px}pre{white-space:pre-wrap;font:13px ui-monospace,monospace}</style>
</head><body><h1>Outbox</h1><p>Mail sent by the embedded server (development only; set DEV_MAIL=false to hide this page).</p>
${items || '<p>No mail yet.</p>'}</body></html>`;
}
