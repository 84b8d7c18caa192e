import type { Context } from 'hono';
import { forwardedClient } from '../supabase/functions/_shared/client-address.ts';

/** The TCP peer of the request (@hono/node-server hands the Node request over as `c.env.incoming`). */
export function socketPeer(c: Context): string | undefined {
  return (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
}

/**
 * The embedded server's client address: the socket's peer, or behind `trustedProxies` reverse proxies
 * (TRUST_PROXY) the address the outermost of them saw, read from the right of X-Forwarded-For
 * (docs/decisions.md decision 20). A request without the header came past the proxies: its peer.
 */
export function embeddedClientAddress(trustedProxies: number): (c: Context) => string | undefined {
  return (c) => (trustedProxies > 0 && forwardedClient(c.req.header('x-forwarded-for'), trustedProxies)) || socketPeer(c);
}
