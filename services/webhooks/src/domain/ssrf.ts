import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Server-side request forgery guard. A partner URL must be https and every address its host
 * resolves to must be a public unicast address: no private, loopback, link-local (cloud
 * metadata 169.254.169.254), multicast, CGNAT (100.64/10, e.g. 100.100.100.200), reserved,
 * unspecified, IPv4-mapped, NAT64, 6to4, Teredo or unique-local IPv6 (fd00:ec2::254). The check
 * runs at creation and again before every request, and the request then connects to the very
 * address that was checked (see sender.ts), so a DNS answer that changes in between (rebinding)
 * cannot redirect it. `allowPrivate` (WEBHOOK_ALLOW_PRIVATE_URLS) lifts the address rule and
 * allows http, for development and tests.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address (A and AAAA). Injected by tests. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export class UrlRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'UrlRefused';
  }
}

export const MAX_URL_LENGTH = 2_048;

/** Why an address may not be called, or undefined for a public unicast address. */
export function addressProblem(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const parsed = ipaddr.parse(address);
  const range = parsed.range();
  if (range === 'unicast') return undefined;
  return `${address} is not a public address (${range})`;
}

/** The URL's syntax: https (http only when private URLs are allowed), no credentials. */
export function parseWebhookUrl(raw: string, allowPrivate: boolean): URL {
  if (raw.length > MAX_URL_LENGTH)
    throw new UrlRefused(`must be at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlRefused('must be an absolute URL');
  }
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw new UrlRefused('must use https');
  if (url.username || url.password) throw new UrlRefused('must not carry credentials');
  if (!url.hostname) throw new UrlRefused('must name a host');
  return url;
}

/** The host of a URL as a bare name or address (IPv6 without brackets). */
export function hostOf(url: URL): string {
  const host = url.hostname;
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * Checks a URL and resolves it: the addresses it may be called at (every one checked), or
 * UrlRefused naming why not. The WHATWG URL parser has already turned decimal, octal and hex
 * IPv4 spellings (http://2130706433/, http://0177.0.0.1/) into dotted quads.
 */
export async function checkWebhookUrl(
  raw: string,
  opts: { allowPrivate: boolean; resolve?: Resolver },
): Promise<{ url: URL; addresses: ResolvedAddress[] }> {
  const url = parseWebhookUrl(raw, opts.allowPrivate);
  const host = hostOf(url);
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }];
  } else {
    if (!opts.allowPrivate && /(^|\.)(localhost|internal|local)$/i.test(host.replace(/\.$/, ''))) {
      throw new UrlRefused(`${host} is not a public host`);
    }
    try {
      addresses = await (opts.resolve ?? systemResolver)(host);
    } catch {
      addresses = [];
    }
    if (!addresses.length) throw new UrlRefused(`${host} does not resolve`);
  }
  if (!opts.allowPrivate) {
    for (const { address } of addresses) {
      const problem = addressProblem(address);
      if (problem) throw new UrlRefused(problem);
    }
  }
  return { url, addresses };
}
