/**
 * An app served over a real socket on a free local port, for the tests that must see what a browser, curl
 * or a proxy sees: raw bytes, kept-alive connections, the client's address.
 */
import { createServer, request, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { afterAll, beforeAll } from 'vitest';

export interface LocalServer {
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
}

/** Serves the app `build` makes before the enclosing describe's (or file's) tests, and stops it after them. */
export function useLocalServer(build: () => Hono | Promise<Hono>): LocalServer {
  const served: LocalServer = { port: 0, origin: '' };
  let server: ServerType;
  beforeAll(async () => {
    const root = await build();
    await new Promise<void>((resolve) => {
      server = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    served.port = (server.address() as AddressInfo).port;
    served.origin = `http://127.0.0.1:${served.port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return served;
}

/**
 * A stand-in for another service (an AI provider, a key set) on a free local port for the enclosing describe's (or
 * file's) tests; connections still open after them are cut, as a stand-in may be told never to answer.
 */
export function useStandIn(handler: RequestListener): LocalServer {
  const served: LocalServer = { port: 0, origin: '' };
  const server = createServer(handler);
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    served.port = (server.address() as AddressInfo).port;
    served.origin = `http://127.0.0.1:${served.port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return served;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request answered with the bytes exactly as sent (fetch would decode them). */
export function rawRequest(
  served: LocalServer,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: served.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
