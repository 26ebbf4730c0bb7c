import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchPath } from 'react-router';
import { MAX_IMPORT_CSV_MB, MAX_IMPORT_ZIP_MB, MAX_PRODUCT_IMAGES } from '../../contract/constants.js';
import { imageFormPaths, productImportPath, TEXT_FORM_LIMIT_BYTES } from '../../contract/web.js';
import type { Config } from '../config.js';
import { sessionTokenOf } from './session-cookie.js';

/** A web form post larger than its page takes. */
export class FormTooLarge extends Error {
  readonly statusCode = 413;
  constructor() {
    super('form body too large');
  }
}

/** What a person sees when a form they sent is too large (a short page: no layout, no script). */
export const FORM_TOO_LARGE_PAGE = `<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>الطلب كبير جداً</title></head>
<body><h1>الطلب كبير جداً</h1><p>ما أرسلته أكبر مما يقبله المتجر. إن كنت ترفع صوراً فاختر صوراً أصغر، ثم أعد المحاولة.</p><p><a href="/">العودة إلى المتجر</a></p></body></html>
`;

const imageFormPatterns = Object.values(imageFormPaths).map((path) => `/${path}`);
const MB = 1024 * 1024;

/** The page a request is for: a single-fetch data request (`/x.data`, `/_root.data`) is for the page `/x`. */
function pagePathOf(url: string): string {
  const pathname = url.split('?', 1)[0] ?? '/';
  if (pathname === '/_root.data') return '/';
  return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname;
}

const isMultipart = (request: FastifyRequest) =>
  /^multipart\/form-data\b/i.test(String(request.headers['content-type'] ?? ''));

/** Whether a session token is a staff member's (the API's own answer, as the pages' guards ask it). */
export type StaffCheck = (token: string, request: FastifyRequest) => Promise<boolean>;

/**
 * The most a web form post may carry: TEXT_FORM_LIMIT_BYTES, whatever its content type; on the
 * pages that upload files, multipart from a staff member's session at the size of its files:
 * on the picture pages every picture the API takes at MAX_UPLOAD_MB (a product's cover and
 * gallery), on the products import page the largest CSV and zip of pictures (MAX_IMPORT_CSV_MB +
 * MAX_IMPORT_ZIP_MB), plus the text. Anyone else's upload is not read at all (`null`): the page's
 * own guard answers it, as it did before the body was read here, so only staff can make the server
 * hold an upload.
 */
export function formLimitFor(config: Pick<Config, 'maxUploadBytes'>, isStaff: StaffCheck) {
  const pictureLimit = (MAX_PRODUCT_IMAGES + 1) * config.maxUploadBytes + TEXT_FORM_LIMIT_BYTES;
  const importLimit = (MAX_IMPORT_CSV_MB + MAX_IMPORT_ZIP_MB) * MB + TEXT_FORM_LIMIT_BYTES;
  const uploadLimitOf = (path: string) => {
    if (matchPath(`/${productImportPath}`, path) !== null) return importLimit;
    return imageFormPatterns.some((pattern) => matchPath(pattern, path) !== null) ? pictureLimit : undefined;
  };
  return async (request: FastifyRequest): Promise<number | null> => {
    const uploadLimit = uploadLimitOf(pagePathOf(request.url));
    if (!isMultipart(request) || uploadLimit === undefined) return TEXT_FORM_LIMIT_BYTES;
    const token = sessionTokenOf(request);
    return token && (await isStaff(token, request)) ? uploadLimit : null;
  };
}

/**
 * The body of a web form post, read into memory up to `limit` bytes. A declared Content-Length
 * over the limit is refused before anything is read; a body without one (chunked) is refused as
 * soon as it passes the limit, and the rest is read on and thrown away (never kept) while the 413
 * goes out, so memory stays at the limit, not at what was sent (LINGER_MS bounds how long that
 * lasts).
 */
export function readFormBody(request: FastifyRequest, payload: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  if (Number(request.headers['content-length']) > limit) return Promise.reject(new FormTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (outcome: () => void) => {
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onError);
      payload.off('close', onClose);
      outcome();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) {
        chunks.push(chunk);
        return;
      }
      finish(() => {
        // Flowing without a reader: the bytes are dropped (a decompressing stream is left behind).
        request.raw.unpipe();
        request.raw.resume();
        reject(new FormTooLarge());
      });
    };
    const onEnd = () => finish(() => resolve(Buffer.concat(chunks, received)));
    const onError = (error: Error) => finish(() => reject(error));
    // The visitor went away before the body ended.
    const onClose = () => finish(() => reject(new Error('form body aborted')));
    payload.on('data', onData);
    payload.once('end', onEnd);
    payload.once('error', onError);
    payload.once('close', onClose);
    // A decompressing stream (a gzipped body, @fastify/compress) comes paused.
    payload.resume();
  });
}

/**
 * When an answer goes out before its request's body has all arrived (a 413, an upload left unread),
 * the rest is read and thrown away for at most this long, then the connection is closed. Closing
 * at once would make the client's next write meet a reset, which can destroy the answer before the
 * client has read it (a browser then shows "connection reset" instead of the page); web servers
 * linger the same way (nginx's lingering_timeout is 5 s).
 */
export const LINGER_MS = 5000;

/** Closes the connection if the body of `request` is still arriving LINGER_MS from now. */
function closeIfStillSending(request: FastifyRequest) {
  const { raw } = request;
  // In-process requests (fastify.inject) have no connection to close.
  if (raw.complete || !(raw.socket instanceof Socket)) return;
  setTimeout(() => {
    if (!raw.complete) raw.socket.destroy();
  }, LINGER_MS).unref();
}

/**
 * Web form bodies are read here, bounded (above), before React Router's actions see them; a body
 * too large is answered with a short Arabic page (the API keeps its own JSON 413s).
 */
export function registerFormBodies(web: FastifyInstance, config: Pick<Config, 'maxUploadBytes'>, isStaff: StaffCheck) {
  const limitFor = formLimitFor(config, isStaff);
  web.removeAllContentTypeParsers();
  web.addContentTypeParser('*', async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
    const limit = await limitFor(request);
    return limit === null ? undefined : readFormBody(request, payload, limit);
  });
  // An answer may go out before its body has all arrived (a 413, an upload left unread): Node reads
  // the rest on and drops it, for LINGER_MS at most.
  web.addHook('onResponse', async (request) => closeIfStillSending(request));
  web.setErrorHandler((error, _request, reply: FastifyReply) => {
    // Anything else is the application's (its handler answers in the API's shape).
    if (!(error instanceof FormTooLarge)) throw error;
    // Fastify asks to close after any parser error; the body is drained instead, for a while.
    reply.removeHeader('connection');
    return reply
      .code(413)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(FORM_TOO_LARGE_PAGE);
  });
}
