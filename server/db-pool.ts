import postgres from 'postgres';

/**
 * The API's connection pool. connect_timeout: while the database is down a request waits 5 s at most,
 * then answers 503. idle_timeout: each pooled connection keeps a read buffer as large as the largest
 * answer it carried (a 2,000-file listing is megabytes); closing connections idle for 10 s gives that
 * memory back.
 */
export function connectPool(databaseUrl: string, max: number, socketDir?: string): postgres.Sql {
  return postgres(databaseUrl, {
    ...(socketDir ? { host: socketDir } : {}),
    max,
    onnotice: () => {},
    prepare: true,
    connect_timeout: 5,
    idle_timeout: 10,
  });
}
