import { loadConfig } from './config.ts';
import { startServer } from './app.ts';
import { PortInUseError } from './http-listener.ts';
import { MigrationChangedError } from './migrate.ts';
import { isLoopbackOnly } from './mail.ts';

const started = Date.now();
// A promise nobody awaited that fails is a bug, but it must not end the data room for every user (Node's
// default): say it loudly and keep serving. The fault tests (tests/e2e/faults.test.ts) fail on this line.
process.on('unhandledRejection', (reason) => {
  console.error('unhandled rejection (a bug, the server keeps running):', reason);
});
try {
  const config = loadConfig();
  const server = await startServer(config);
  const beyondLoopback = !isLoopbackOnly(config.host);
  const outboxLine =
    server.outbox === 'everyone'
      ? `${server.url}/dev/mail  (DEV_MAIL=true: served to every request, through a proxy too; it lists every sign-in link)`
      : server.outbox === 'local'
        ? `${server.url}/dev/mail  (served only to requests made on this machine, not through a proxy; DEV_MAIL=true serves all)`
        : config.smtpUrl
          ? 'off: mail goes through SMTP_URL'
          : beyondLoopback && config.devMail !== 'off'
            ? `off: the server listens on ${config.host}, beyond this machine (NODE_ENV=development serves it anyway)`
            : 'off';
  console.log(`
Data room is running at ${server.url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)
  Listening: ${config.host}:${server.port}${beyondLoopback ? '' : '  (this machine only; HOST=0.0.0.0 to serve others)'}
  API:       ${server.url}/api  (health: ${server.url}/api/health)
  Mail:      ${server.mailSays}
  Outbox:    ${outboxLine}
  Data:      ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}
Sign in as ${config.adminEmail} / ${process.env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : 'admin-password'}, or register a new account.${
    beyondLoopback && !process.env.PUBLIC_URL
      ? `\nPUBLIC_URL is not set: links in mail point to ${config.publicUrl}, which other machines cannot open. Set PUBLIC_URL.`
      : ''
  }
Press Ctrl+C to stop.`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received: stopping...`);
    // Never linger: a stop takes 5 s at most (server/app.ts); should one step still hang, whatever is
    // open after 8 s is abandoned, within `docker stop`'s 10 s.
    setTimeout(() => {
      console.error('Stopping took longer than 8 s; exiting now.');
      process.exit(1);
    }, 8_000).unref();
    await server.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
} catch (err) {
  if (err instanceof PortInUseError || err instanceof MigrationChangedError) {
    console.error(err.message);
  } else {
    console.error('The server could not start:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
}
