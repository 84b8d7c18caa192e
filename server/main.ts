import { loadConfig } from './config.ts';
import { PortInUseError, startServer } from './app.ts';
import { MigrationChangedError } from './migrate.ts';

const started = Date.now();
try {
  const config = loadConfig();
  const server = await startServer(config);
  console.log(`
Data room is running at ${server.url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)
  API:      ${server.url}/api  (health: ${server.url}/api/health)
  Outbox:   ${config.devMail ? `${server.url}/dev/mail` : 'disabled (DEV_MAIL=false)'}
  Data:     ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}
Sign in as ${config.adminEmail} / ${process.env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : 'admin-password'}, or register a new account.
Press Ctrl+C to stop.`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received: stopping...`);
    // Never linger: whatever is still open after 5 s is abandoned.
    setTimeout(() => {
      console.error('Stopping took longer than 5 s; exiting now.');
      process.exit(1);
    }, 5_000).unref();
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
