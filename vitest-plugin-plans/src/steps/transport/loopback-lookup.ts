/**
 * Name lookup that answers `localhost` (and `*.localhost`) with both loopback
 * addresses, 127.0.0.1 and ::1 (RFC 6761 §6.3), whatever /etc/hosts says: a
 * server bound to ::1 only is then found as well as one on 127.0.0.1, because
 * the socket's happy-eyeballs connect (autoSelectFamily) tries each in turn.
 * Every other name goes to the system resolver.
 */
import { lookup as systemLookup, type LookupAddress, type LookupOptions } from 'node:dns';

type Callback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

const LOOPBACK: LookupAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

/** A `lookup` for net/tls connect options. */
export function loopbackLookup(hostname: string, options: LookupOptions, callback: Callback): void {
  const name = hostname.toLowerCase();
  if (name !== 'localhost' && !name.endsWith('.localhost')) {
    systemLookup(hostname, options, callback as never);
    return;
  }
  const wanted = LOOPBACK.filter((a) => !options.family || a.family === options.family);
  if (options.all) callback(null, wanted);
  else callback(null, wanted[0]!.address, wanted[0]!.family);
}
