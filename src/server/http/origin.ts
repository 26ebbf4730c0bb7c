import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { isLoopbackHost } from '../public-mode.js';

/** A bare `host[:port]` or `[ipv6][:port]`: nothing a URL parser would move into a path or credentials. */
const BARE_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The request's host when it is a well-formed `host[:port]`, else the listening one: for URLs only
 * this process reads (the web's Fetch Request, its in-process API calls). A malformed Host header
 * (`a b`, `user@host`) made building those URLs throw: a 500 any client could cause.
 */
export const wellFormedHost = (request: Pick<FastifyRequest, 'host'>, config: Pick<Config, 'port'>) =>
  request.host && BARE_HOST.test(request.host) ? request.host : `localhost:${config.port}`;

/** The origin a request names (its Host, or X-Forwarded-Host behind a trusted proxy) when that is this machine. */
function loopbackOrigin(protocol: string, host: string | undefined): string | undefined {
  if (!host || !BARE_HOST.test(host)) return undefined;
  try {
    const url = new URL(`${protocol}://${host}`);
    // The URL parser has normalised `127.1`, `0x7f.0.0.1` and `[0::1]` by now.
    return isLoopbackHost(url.hostname) ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Base for absolute URLs — media in API answers, canonical and Open Graph links, payment return
 * pages: PUBLIC_URL when configured. Without it the Host header is the caller's to choose
 * (`Host: evil.example` would have put evil.example into canonical links and image URLs), so it is
 * believed only when it names this machine: a loopback host with any port, so
 * http://localhost:3000 and http://127.0.0.1:3000 both keep their own origin (the pages'
 * `img-src 'self'` needs media on the page's origin). Anything else gets the listening origin,
 * http://localhost:<PORT> (SECURITY.md § 4).
 */
export function originOf(request: FastifyRequest, config: Pick<Config, 'publicUrl' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl;
  return loopbackOrigin(request.protocol, request.host) ?? `http://localhost:${config.port}`;
}
