/**
 * Where the embedded server's mail goes. With SMTP_URL, to that relay (nodemailer). Otherwise to the
 * development outbox: a table, the log and /dev/mail — which carry sign-in links, so the outbox is
 * served only to a developer: by default to requests made on this machine itself, never through a
 * reverse proxy (which on the same host would otherwise look local), and only by a server listening on
 * loopback alone (or with NODE_ENV=development); an explicit DEV_MAIL=true serves it to every request.
 */
import type { Context } from 'hono';
import { socketPeer } from './client-address.ts';
import type { Db } from '../supabase/functions/_shared/db.ts';
import type { MailPort } from '../supabase/functions/_shared/ports.ts';
import { outboxMail } from '../supabase/functions/_shared/adapters/mail.ts';
import { errorFields, type Logger } from '../supabase/functions/_shared/logger.ts';

/** True when the host the server listens on is reachable from this machine only. */
export function isLoopbackOnly(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** DEV_MAIL: unset serves the outbox to local requests only, `true` to every request, `false` never. */
export type DevMailSetting = 'auto' | 'on' | 'off';

/** Who /dev/mail is served to: nobody, requests made on this machine (no proxy between), or everyone. */
export type OutboxMode = 'off' | 'local' | 'everyone';

export function outboxMode(opts: { host: string; nodeEnv?: string; devMail: DevMailSetting; smtpUrl?: string }): OutboxMode {
  // With a relay, mail goes there and the outbox receives nothing.
  if (opts.devMail === 'off' || opts.smtpUrl) return 'off';
  if (opts.nodeEnv !== 'development' && !isLoopbackOnly(opts.host)) return 'off';
  return opts.devMail === 'on' ? 'everyone' : 'local';
}

/** Headers a proxy adds to say whom it forwards for; a request carrying any came through one. */
const FORWARDING_HEADERS =
  /^(forwarded|via|x-forwarded-.*|x-real-ip|x-client-ip|x-cluster-client-ip|x-original-.*|cf-connecting-ip|true-client-ip|fastly-client-ip|client-ip)$/i;

const LOOPBACK_PEER = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

/**
 * A request made on this machine, to this machine: its socket's peer is loopback, it names a loopback
 * host, and it carries no forwarding header. A reverse proxy on the same host connects from loopback
 * too, but says so in X-Forwarded-For, Forwarded, Via or X-Real-IP, or passes the public Host on.
 */
export function isLocalRequest(c: Context): boolean {
  if (!LOOPBACK_PEER.test(socketPeer(c) ?? '')) return false;
  if (!LOOPBACK_HOST.test(c.req.header('host') ?? '')) return false;
  for (const name of Object.keys(c.req.header())) if (FORWARDING_HEADERS.test(name)) return false;
  return true;
}

/** Mail through an SMTP relay: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
export function smtpMail(url: string, from: string, logger: Logger): MailPort {
  // nodemailer is loaded only by a server that sends through SMTP (decision 55).
  const transport = import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
  transport.catch(() => {}); // a failure is the first send's, which awaits it
  return {
    async send(message) {
      try {
        await (await transport).sendMail({ from, to: message.to, subject: message.subject, text: message.body });
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
