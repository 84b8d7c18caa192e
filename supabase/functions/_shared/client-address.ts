/**
 * Who is asking, as far as the network can say (throttling and the sessions list only; never a proof
 * of identity). X-Forwarded-For is written by the client first and appended to by each proxy
 * (nginx's `$proxy_add_x_forwarded_for`), so only entries our own proxies added can be believed: the
 * right-most ones (docs/decisions.md decision 20).
 */
import type { Context } from 'hono';

/**
 * The address the outermost of `trustedProxies` proxies saw, from an X-Forwarded-For value: with one
 * proxy in front the right-most entry, with two the second from the right, as Express's
 * `trust proxy` with a hop count. A list shorter than that gives its left-most entry (every entry was
 * then written by a proxy we trust); no list gives undefined.
 */
export function forwardedClient(header: string | undefined, trustedProxies: number): string | undefined {
  if (!header || trustedProxies < 1) return undefined;
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - trustedProxies)];
}

/**
 * The client's address on Supabase's edge runtime. A hosted project is reached through Cloudflare,
 * which sets `CF-Connecting-IP` to the address that connected to it and replaces any value a client
 * sent; locally (`supabase functions serve`) Kong sets `X-Real-IP` to its peer the same way. Failing
 * both, the right-most X-Forwarded-For entry, which the nearest proxy appended; never the first, which
 * the client writes.
 */
export function edgeClientAddress(c: Context): string | undefined {
  return (
    c.req.header('cf-connecting-ip')?.trim() ||
    c.req.header('x-real-ip')?.trim() ||
    forwardedClient(c.req.header('x-forwarded-for'), 1)
  );
}
