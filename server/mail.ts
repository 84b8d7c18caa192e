/**
 * Where the embedded server's mail goes. With SMTP_URL, to that relay (nodemailer). Otherwise to the
 * development outbox: a table, the log and /dev/mail — which carry sign-in links, so the outbox is
 * served only to a developer: NODE_ENV=development, or a server listening on loopback alone.
 */
import nodemailer from 'nodemailer';
import type { Db } from '../supabase/functions/_shared/db.ts';
import type { MailPort } from '../supabase/functions/_shared/ports.ts';
import { outboxMail } from '../supabase/functions/_shared/adapters/embedded-auth.ts';
import { errorFields, type Logger } from '../supabase/functions/_shared/logger.ts';

/** True when the host the server listens on is reachable from this machine only. */
export function isLoopbackOnly(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export function outboxIsServed(opts: { host: string; nodeEnv?: string; devMail: boolean }): boolean {
  return opts.devMail && (opts.nodeEnv === 'development' || isLoopbackOnly(opts.host));
}

/** Mail through an SMTP relay: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
export function smtpMail(url: string, from: string, logger: Logger): MailPort {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.body });
        // Never the body: it carries sign-in and invitation links.
        logger.info('mail sent', { to: message.to, subject: message.subject });
      } catch (err) {
        logger.error('mail could not be sent', { to: message.to, subject: message.subject, ...errorFields(err) });
        throw new Error('The e-mail could not be sent. Please try again later.', { cause: err });
      }
    },
  };
}

/** The mail port for this configuration, and a line for the start-up banner saying where mail goes. */
export function mailFor(opts: {
  sql: Db;
  smtpUrl?: string;
  mailFrom: string;
  outbox: boolean;
  logger: Logger;
  log: (line: string) => void;
}): { mail: MailPort; says: string } {
  if (opts.smtpUrl)
    return { mail: smtpMail(opts.smtpUrl, opts.mailFrom, opts.logger), says: `sent through SMTP_URL as ${opts.mailFrom}` };
  if (opts.outbox) return { mail: outboxMail(opts.sql, opts.log), says: 'kept in the development outbox (below)' };
  // Neither: kept in the table (never served, never logged) so nothing is lost once SMTP_URL is set.
  return {
    mail: outboxMail(opts.sql, () => {}),
    says: 'NOT SENT: set SMTP_URL (sign-in links and invitations are kept undelivered until then)',
  };
}
