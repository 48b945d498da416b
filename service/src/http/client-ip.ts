/**
 * The client address for the demo's per-IP limits: the connection's peer, or, only when the
 * operator says the service sits behind a proxy (`--trust-proxy`), the last X-Forwarded-For entry
 * (the one our own proxy appended; earlier entries are client-supplied and forgeable).
 */
import type { IncomingMessage } from 'node:http';

/** Client address of `req`. */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const xff = req.headers['x-forwarded-for'];
    const value = Array.isArray(xff) ? xff.join(',') : xff;
    const last = value?.split(',').map((s) => s.trim()).filter(Boolean).pop();
    if (last) return normalise(last);
  }
  return normalise(req.socket.remoteAddress ?? 'unknown');
}

/** IPv4-mapped IPv6 (`::ffff:1.2.3.4`) and plain IPv4 count as the same client. */
function normalise(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}
