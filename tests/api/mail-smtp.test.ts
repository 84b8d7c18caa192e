// Real mail through SMTP_URL: nodemailer against a small SMTP server written here (node:net), which
// records what a relay would receive. The body reaches the relay; the log never holds it.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMail, outboxMode, isLoopbackOnly } from '../../server/mail.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}
const received: Received[] = [];
let server: Server;
let port = 0;

function session(socket: Socket) {
  let current: Received = { from: '', to: [], data: '' };
  let inData = false;
  let buffer = '';
  socket.write('220 test-relay ESMTP\r\n');
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    for (;;) {
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0) return;
        current.data = buffer.slice(0, end);
        buffer = buffer.slice(end + 5);
        inData = false;
        received.push(current);
        current = { from: '', to: [], data: '' };
        socket.write('250 2.0.0 queued\r\n');
        continue;
      }
      const eol = buffer.indexOf('\r\n');
      if (eol < 0) return;
      const line = buffer.slice(0, eol);
      buffer = buffer.slice(eol + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') socket.write('250-test-relay\r\n250 8BITMIME\r\n');
      else if (verb === 'MAIL') {
        current.from = line;
        socket.write('250 2.1.0 ok\r\n');
      } else if (verb === 'RCPT') {
        current.to.push(line);
        socket.write('250 2.1.5 ok\r\n');
      } else if (verb === 'DATA') {
        inData = true;
        socket.write('354 go ahead\r\n');
      } else if (verb === 'QUIT') {
        socket.end('221 bye\r\n');
        return;
      } else socket.write('250 ok\r\n');
    }
  });
}

beforeAll(async () => {
  server = createServer(session);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('mail through SMTP_URL', () => {
  it('delivers the message to the relay and logs only who and what, never the body', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = {
      info: (msg: string, f?: object) => lines.push({ msg, ...f }),
      warn: () => {},
      error: (msg: string, f?: object) => lines.push({ msg, ...f }),
    };
    const mail = smtpMail(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'Data room <rooms@example.com>', logger);
    await mail.send({
      to: 'cfo@target-corp.example',
      subject: 'Your sign-in link',
      body: 'Open https://rooms.example/login/magic?token=SECRET-TOKEN-1',
    });
    expect(received).toHaveLength(1);
    expect(received[0].from).toContain('rooms@example.com');
    expect(received[0].to.join()).toContain('cfo@target-corp.example');
    expect(received[0].data).toContain('Subject: Your sign-in link');
    expect(received[0].data).toContain('SECRET-TOKEN-1');
    expect(lines).toEqual([{ msg: 'mail sent', to: 'cfo@target-corp.example', subject: 'Your sign-in link' }]);
    expect(JSON.stringify(lines)).not.toContain('SECRET-TOKEN-1');
  });

  it('a relay that cannot be reached is a clear error, logged without the body', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = { info: () => {}, warn: () => {}, error: (msg: string, f?: object) => lines.push({ msg, ...f }) };
    const mail = smtpMail('smtp://127.0.0.1:9?ignoreTLS=true&connectionTimeout=2000', 'rooms@example.com', logger);
    await expect(mail.send({ to: 'a@example.com', subject: 'Invitation', body: 'token=SECRET-2' })).rejects.toThrow(
      'The e-mail could not be sent. Please try again later.',
    );
    expect(lines[0]).toMatchObject({ msg: 'mail could not be sent', to: 'a@example.com' });
    expect(JSON.stringify(lines)).not.toContain('SECRET-2');
  });
});

describe('who may read the development outbox', () => {
  it('is served on loopback alone, or in development; never beyond loopback otherwise, never with DEV_MAIL=false or SMTP_URL', () => {
    expect(isLoopbackOnly('127.0.0.1')).toBe(true);
    expect(isLoopbackOnly('::1')).toBe(true);
    expect(isLoopbackOnly('localhost')).toBe(true);
    expect(isLoopbackOnly('0.0.0.0')).toBe(false);
    expect(isLoopbackOnly('::')).toBe(false);
    expect(isLoopbackOnly('192.168.1.20')).toBe(false);
    // By default only to requests made on the server itself; an explicit DEV_MAIL=true to every request.
    expect(outboxMode({ host: '127.0.0.1', devMail: 'auto' })).toBe('local');
    expect(outboxMode({ host: '127.0.0.1', devMail: 'on' })).toBe('everyone');
    expect(outboxMode({ host: '0.0.0.0', devMail: 'auto' })).toBe('off');
    expect(outboxMode({ host: '0.0.0.0', devMail: 'on', nodeEnv: 'production' })).toBe('off');
    expect(outboxMode({ host: '0.0.0.0', devMail: 'auto', nodeEnv: 'development' })).toBe('local');
    expect(outboxMode({ host: '127.0.0.1', devMail: 'off' })).toBe('off');
    expect(outboxMode({ host: '127.0.0.1', devMail: 'on', smtpUrl: 'smtp://127.0.0.1:1025' })).toBe('off');
  });
});
