import type { Server } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { catalogueBody } from '../errors.js';

/**
 * A request body not complete within CLIENT_TIMEOUT_SECONDS must keep arriving at this average
 * rate over every further stretch of CLIENT_TIMEOUT_SECONDS (30 KB in each 30 s by default). A
 * 5 MB picture sent from a phone at 20 KB/s (4 minutes) goes through; a body trickling a byte
 * every few seconds, or stalling for a whole stretch, is cut off. Measured per stretch, not since
 * the start, so a client cannot send fast first and then hold the connection on what it banked.
 */
export const MIN_BODY_BYTES_PER_SECOND = 1024;

/** How long a timed-out connection stays half-open for its 408 to be read. */
const ANSWER_GRACE_MS = 1000;

/** How often Node looks for requests whose headers are late (its default, 30 s, would add up to 30 s). */
const CHECK_INTERVAL_MS = 1000;

/**
 * Fastify's (and Node's) timeouts for slow and idle clients; Fastify's defaults leave a connection
 * open forever. Headers must arrive within the limit (Node's headersTimeout, which also closes a
 * connection that sends nothing); a keep-alive connection idle between requests is closed after
 * it; and a connection on which nothing moves for twice the limit, whatever it is doing (a client
 * that stopped reading its answer), is closed too. Node's requestTimeout (one fixed deadline for
 * the whole request) stays off: it would cut slow but real uploads. Bodies are watched by
 * watchSlowBodies instead.
 */
export function clientTimeoutOptions(config: Pick<Config, 'clientTimeoutSeconds'>) {
  const limitMs = config.clientTimeoutSeconds * 1000;
  return {
    http: { headersTimeout: limitMs, connectionsCheckingInterval: Math.min(CHECK_INTERVAL_MS, limitMs) },
    keepAliveTimeout: limitMs,
    connectionTimeout: 2 * limitMs,
    requestTimeout: 0,
  } satisfies Partial<FastifyHttpOptions<Server>>;
}

/** A request's framing says a body follows (Content-Length above 0, or Transfer-Encoding). */
const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/** The raw answer for a body that stopped arriving: the API's error shape, or Arabic for a person. */
function timeoutAnswer(url: string): string {
  const [type, body] = url.startsWith('/api/')
    ? ['application/json; charset=utf-8', JSON.stringify(catalogueBody(408, 'requestTimeout'))]
    : ['text/plain; charset=utf-8', 'انتهت مهلة إرسال الطلب. تحقق من اتصالك ثم أعد المحاولة.'];
  return `HTTP/1.1 408 Request Timeout\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * A request body must be complete within CLIENT_TIMEOUT_SECONDS, or keep arriving at
 * MIN_BODY_BYTES_PER_SECOND over each stretch of that length. Progress is read from the socket's
 * bytesRead counter, never from 'data' listeners (they would take the bytes from the body
 * parsers). A body that falls behind gets a 408 (when no answer has started) and its connection is
 * closed. In-process requests (fastify.inject) have no socket and are left alone.
 */
export function watchSlowBodies(app: FastifyInstance, config: Pick<Config, 'clientTimeoutSeconds'>) {
  const stretchMs = config.clientTimeoutSeconds * 1000;
  const minBytes = MIN_BODY_BYTES_PER_SECOND * config.clientTimeoutSeconds;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const { raw } = request;
    const socket = raw.socket;
    if (!(socket instanceof Socket) || raw.complete || !hasBody(request)) return;
    let bytesBefore = socket.bytesRead;
    const check = () => {
      if (raw.complete || socket.destroyed) return;
      if (socket.bytesRead - bytesBefore >= minBytes) {
        bytesBefore = socket.bytesRead;
        setTimeout(check, stretchMs).unref();
        return;
      }
      request.log.info({ url: request.url }, 'request body too slow: connection closed');
      if (reply.raw.headersSent || !socket.writable) {
        socket.destroy();
        return;
      }
      // Half-closed after the answer, then closed: closing at once, with the client's bytes still
      // coming, resets the connection, and a reset can destroy the answer before it is read.
      socket.end(timeoutAnswer(request.url));
      setTimeout(() => socket.destroy(), ANSWER_GRACE_MS).unref();
    };
    setTimeout(check, stretchMs).unref();
  });
}
