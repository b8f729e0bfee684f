/** The address guard of web capture (issue 4 §1 Safety): classification of IPv4/IPv6 and DNS answers. */
import { describe, expect, it } from 'vitest';
import { addressGuard, CaptureRefused, isRefusedAddress, parseAllowHosts } from './guard.ts';

describe('isRefusedAddress', () => {
  it('refuses private, loopback, link-local, CGNAT, multicast and reserved IPv4', () => {
    for (const ip of ['0.0.0.0', '0.1.2.3', '10.0.0.1', '10.255.255.255', '100.64.0.1', '100.127.255.254', '127.0.0.1', '127.8.9.10', '169.254.169.254', '172.16.0.1', '172.31.255.255', '192.0.0.8', '192.0.2.1', '192.88.99.1', '192.168.1.1', '198.18.0.1', '198.19.255.255', '198.51.100.7', '203.0.113.9', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255']) {
      expect(isRefusedAddress(ip), ip).toBe(true);
    }
  });
  it('allows public IPv4', () => {
    for (const ip of ['1.1.1.1', '8.8.8.8', '100.63.255.255', '100.128.0.1', '172.15.255.255', '172.32.0.1', '192.169.0.1', '198.20.0.1', '223.5.5.5', '114.114.114.114']) {
      expect(isRefusedAddress(ip), ip).toBe(false);
    }
  });
  it('refuses loopback, ULA, link-local, multicast, documentation and translated private IPv6', () => {
    for (const ip of ['::', '::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'fec0::1', 'ff02::1', '2001:db8::1', '2001::1', '100::1', '3fff::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '::127.0.0.1', '64:ff9b::10.0.0.1', '64:ff9b::a9fe:a9fe', '64:ff9b:1::a00:1', '2002:a00:1::1', '2002:7f00:1::', 'not-an-ip']) {
      expect(isRefusedAddress(ip), ip).toBe(true);
    }
  });
  it('allows public IPv6, including public IPv4 behind translation prefixes', () => {
    for (const ip of ['2400:3200::1', '2001:4860:4860::8888', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1']) {
      expect(isRefusedAddress(ip), ip).toBe(false);
    }
  });
});

describe('addressGuard', () => {
  const fake = (answers: Record<string, string[]>) => async (host: string) => {
    const a = answers[host];
    if (!a) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return a.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const refusedKind = async (p: Promise<unknown>) => p.then(() => 'ok', (e: unknown) => (e instanceof CaptureRefused ? e.kind : 'other'));

  it('checks every resolved address and pins the first IPv4', async () => {
    const g = addressGuard(new Set(), fake({ 'public.example': ['2400:3200::1', '223.5.5.5'], 'mixed.example': ['223.5.5.5', '127.0.0.1'], 'localhost': ['127.0.0.1', '::1'] }));
    expect(await g.check('PUBLIC.example.')).toMatchObject({ host: 'public.example', address: '223.5.5.5', family: 4, all: ['2400:3200::1', '223.5.5.5'] });
    expect(await refusedKind(g.check('mixed.example'))).toBe('refused');
    expect(await refusedKind(g.check('localhost'))).toBe('refused');
    expect(await refusedKind(g.check('nowhere.example'))).toBe('dns');
    expect(await refusedKind(g.check('[::1]'))).toBe('refused');
    expect(g.hosts().map((h) => h.host)).toEqual(['public.example']);
  });

  it('lets allow-listed hosts through whatever they resolve to', async () => {
    const g = addressGuard(parseAllowHosts(' 127.0.0.1 , Test.Local., [::1]'), fake({ 'test.local': ['127.0.0.1'] }));
    expect((await g.check('127.0.0.1')).address).toBe('127.0.0.1');
    expect((await g.check('test.local')).address).toBe('127.0.0.1');
    expect((await g.check('[::1]')).family).toBe(6);
    expect(await refusedKind(g.check('10.0.0.1'))).toBe('refused');
  });
});
