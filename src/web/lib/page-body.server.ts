import { PassThrough, pipeline, type Readable } from 'node:stream';

/** What a page's stream ends with when the visitor went away: nothing to do (React's own errors go to its onError). */
const visitorLeft = () => {};

/**
 * The body a page is sent from, fed by `html` (React's stream after the starter's rewrite,
 * lib/scripts-after-paint.server.ts); `onEnd` runs once the whole page is in. A visitor who leaves
 * cancels the body, whether React is still writing or has finished and the rest waits to be sent
 * (the server's compression sees their socket close and destroys the body with an error). The
 * pipeline hands that on to `html`, whose end stops React's render; the body's own listener keeps
 * the error from being unhandled, which would end the process.
 */
export function pageBody(html: Readable, onEnd: () => void): PassThrough {
  const body = new PassThrough({
    final(callback) {
      onEnd();
      callback();
    },
  });
  body.on('error', visitorLeft);
  pipeline(html, body, visitorLeft);
  return body;
}
