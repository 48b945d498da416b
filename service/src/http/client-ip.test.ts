import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { clientIp } from './client-ip.js';

const req = (peer: string, xff?: string) => ({ socket: { remoteAddress: peer }, headers: xff ? { 'x-forwarded-for': xff } : {} }) as unknown as IncomingMessage;

describe('clientIp', () => {
  it('uses the peer address unless the proxy is trusted', () => {
    expect(clientIp(req('::ffff:10.1.2.3', '1.1.1.1'), false)).toBe('10.1.2.3');
  });
  it('behind a trusted proxy, uses the last X-Forwarded-For entry (the one the proxy added)', () => {
    expect(clientIp(req('10.0.0.1', 'forged, 203.0.113.9'), true)).toBe('203.0.113.9');
    expect(clientIp(req('10.0.0.1'), true)).toBe('10.0.0.1');
  });
});
