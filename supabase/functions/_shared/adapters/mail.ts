/** Where the API's mail goes (the MailPort of ports.ts): the embedded platform's outbox, or nowhere on Supabase. */
import type { Db } from '../db.ts';
import type { MailPort } from '../ports.ts';

/** Mail of the embedded platform: kept in an outbox table and printed to the log. */
export function outboxMail(sql: Db, log: (line: string) => void = console.log): MailPort {
  return {
    async send(message) {
      await sql`insert into private.mail_outbox (to_email, subject, body)
                values (${message.to}, ${message.subject}, ${message.body})`;
      log(`[mail] to ${message.to}: ${message.subject}\n${message.body}`);
    },
  };
}

/** On Supabase, GoTrue sends sign-in mail itself; other mail goes to an SMTP relay of the tenant's. */
export function unsupportedMail(): MailPort {
  return {
    send(message) {
      console.warn(`[mail] no mail relay configured; not sent to ${message.to}: ${message.subject}`);
      return Promise.resolve();
    },
  };
}
