// The outbound client against a local HTTP server: loopback is refused unless the allow-list names it, after DNS
// resolution (a made-up name resolved to 127.0.0.1 by an injected resolver) and on every redirect.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupWith } from '../../test/helpers/outbound.ts';
import { createOutboundHttp, outboundRefusalOf, type OutboundHttp, type OutboundHttpOptions } from './outbound-http.ts';
import { addressKind, addressRefusal, parseAllowList, readOutboundConfig } from './outbound-policy.ts';

describe('the address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.254', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['169.254.169.254', 'cloud metadata'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'multicast'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'cloud metadata'],
    ['::ffff:7f00:1', 'loopback'],
    ['64:ff9b::7f00:1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['100.63.255.255', 'public'],
    ['172.32.0.1', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['::ffff:8.8.8.8', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it('lets the allow-list lift the rule: an IP or CIDR exactly, a host name for loopback, private and link-local only', () => {
    const allow = parseAllowList(['10.0.0.0/8', '127.0.0.1', 'fd00::/8', 'Feed.Internal.', 'meta.internal']);
    expect(addressRefusal('10.9.9.9', '10.9.9.9', allow)).toBeNull();
    expect(addressRefusal('::ffff:10.9.9.9', 'x.example', allow)).toBeNull();
    expect(addressRefusal('127.0.0.1', 'localhost', allow)).toBeNull();
    expect(addressRefusal('127.0.0.2', 'localhost', allow)).toBe('loopback');
    expect(addressRefusal('fd00::5', 'x.example', allow)).toBeNull();
    expect(addressRefusal('192.168.0.7', 'feed.internal', allow)).toBeNull();
    expect(addressRefusal('192.168.0.7', 'other.internal', allow)).toBe('private');
    expect(addressRefusal('169.254.169.254', 'meta.internal', allow)).toBe('cloud metadata');
    expect(addressRefusal('0.0.0.0', 'meta.internal', allow)).toBe('unspecified');
    expect(addressRefusal('not an address', 'meta.internal', allow)).toBe('reserved');
  });

  it('reads OUTBOUND_ALLOW_HOSTS: none by default; IPs, CIDR ranges and host names; anything else is refused at start', () => {
    expect(readOutboundConfig({})).toEqual({ ok: true, config: { allow: [] } });
    expect(readOutboundConfig({ OUTBOUND_ALLOW_HOSTS: ' 10.0.0.0/8, prices.internal ,::1,' })).toEqual({
      ok: true,
      config: { allow: ['10.0.0.0/8', 'prices.internal', '::1'] },
    });
    for (const bad of ['10.0.0.0/33', 'http://prices.internal', '2130706433', '127.1', 'a b', '10.0.0.0/8/1']) {
      const read = readOutboundConfig({ OUTBOUND_ALLOW_HOSTS: bad });
      expect(read.ok, bad).toBe(false);
      expect(!read.ok && read.problems.join(' ')).toContain('OUTBOUND_ALLOW_HOSTS: must list IP addresses, CIDR ranges or host names');
    }
  });
});

describe('the outbound client', () => {
  let server: Server;
  let port: number;
  const hits = new Map<string, number>();
  const clients: OutboundHttp[] = [];
  const client = (options: OutboundHttpOptions) => {
    const made = createOutboundHttp(options);
    clients.push(made);
    return made;
  };
  const hitsOf = (path: string) => hits.get(path) ?? 0;
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    return outboundRefusalOf(error);
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      hits.set(url.pathname, hitsOf(url.pathname) + 1);
      if (url.pathname === '/redirect') response.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
      else response.writeHead(200, { 'content-type': 'text/plain' }).end('inside');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses a loopback address, by IP or by a name that resolves to it, before connecting', async () => {
    const strict = client({ allow: [], lookup: lookupWith({ 'feed.example.test': ['127.0.0.1'] }) });
    expect(await refusal(strict.fetch(`http://127.0.0.1:${port}/ip`))).toMatchObject({ host: '127.0.0.1', address: '127.0.0.1', kind: 'loopback' });
    expect(await refusal(strict.fetch(`http://[::ffff:127.0.0.1]:${port}/mapped`))).toMatchObject({ kind: 'loopback' });
    expect(await refusal(strict.fetch(`http://feed.example.test:${port}/named`))).toMatchObject({ host: 'feed.example.test', address: '127.0.0.1', kind: 'loopback' });
    expect(await refusal(strict.fetch(`http://localhost:${port}/localhost`))).toMatchObject({ kind: 'loopback' });
    expect(['/ip', '/mapped', '/named', '/localhost'].map(hitsOf)).toEqual([0, 0, 0, 0]);
  });

  it('refuses a name when any of its addresses is forbidden', async () => {
    const mixed = client({ allow: ['127.0.0.1'], lookup: lookupWith({ 'mixed.example.test': ['127.0.0.1', '10.0.0.1'] }) });
    expect(await refusal(mixed.fetch(`http://mixed.example.test:${port}/mixed`))).toMatchObject({ address: '10.0.0.1', kind: 'private' });
    expect(hitsOf('/mixed')).toBe(0);
  });

  it('lets the allow-list through: an IP, a CIDR range, a host name', async () => {
    const byIp = client({ allow: ['127.0.0.1'] });
    expect(await (await byIp.fetch(`http://127.0.0.1:${port}/allowed`)).text()).toBe('inside');
    const byRange = client({ allow: ['127.0.0.0/8'] });
    expect((await byRange.fetch(`http://127.0.0.1:${port}/allowed`)).status).toBe(200);
    const byName = client({ allow: ['feed.example.test'], lookup: lookupWith({ 'feed.example.test': ['127.0.0.1'] }) });
    expect((await byName.fetch(`http://feed.example.test:${port}/allowed`)).status).toBe(200);
    expect(hitsOf('/allowed')).toBe(3);
    // the name is allowed, not the address: the same server by IP stays refused
    expect(await refusal(byName.fetch(`http://127.0.0.1:${port}/by-ip`))).toMatchObject({ kind: 'loopback' });
  });

  it('checks every redirect: an allowed host that redirects to loopback by IP or by name is refused', async () => {
    const icons = client({ allow: ['icons.example.test'], lookup: lookupWith({ 'icons.example.test': ['127.0.0.1'] }) });
    const via = (to: string) => icons.fetch(`http://icons.example.test:${port}/redirect?to=${encodeURIComponent(to)}`);
    expect(await refusal(via(`http://127.0.0.1:${port}/secret`))).toMatchObject({ address: '127.0.0.1', kind: 'loopback' });
    expect(await refusal(via(`http://localhost:${port}/secret`))).toMatchObject({ kind: 'loopback' });
    expect(await refusal(via(`http://[::1]:${port}/secret`))).toMatchObject({ kind: 'loopback' });
    expect(hitsOf('/redirect')).toBe(3);
    expect(hitsOf('/secret')).toBe(0);
    // a redirect within the allowed host is followed
    expect(await (await via(`http://icons.example.test:${port}/after-redirect`)).text()).toBe('inside');
  });

  it('fetches only http(s) URLs and keeps its own dispatcher whatever the caller passes', async () => {
    const strict = client({ allow: [] });
    await expect(strict.fetch('file:///etc/passwd')).rejects.toThrow('Only http(s) URLs are fetched, not file:');
    const own = new Agent();
    try {
      expect(await refusal(strict.fetch(`http://127.0.0.1:${port}/dispatcher`, { dispatcher: own } as object))).toMatchObject({ kind: 'loopback' });
    } finally {
      await own.close();
    }
    expect(hitsOf('/dispatcher')).toBe(0);
  });
});
