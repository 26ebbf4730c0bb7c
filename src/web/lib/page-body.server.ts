import { PassThrough, pipeline, type Readable } from 'node:stream';

/** The errors a page's stream ends with when the visitor went away: no fault of the shop's. */
const visitorLeft = (error: Error) =>
  (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' || error.name === 'AbortError';

/** Any other error of a page's stream is the shop's (the starter's rewrite, say): logged, as React's are. */
const logUnlessTheVisitorLeft = (error: Error | null | undefined) => {
  if (error && !visitorLeft(error)) console.error(error);
};

/**
 * The body's own listener: while the pipeline runs it reports the body's errors (logged there);
 * after it, the only one left is the visitor's leaving, cancelling the rest of the page.
 */
const reportedByThePipeline = () => {};

/**
 * The body a page is sent from, fed by `html` (React's stream after the starter's rewrite,
 * lib/scripts-after-paint.server.ts); `onSettled` runs once the whole page is in, or once it never
 * will be. A visitor who leaves cancels the body, whether React is still writing or has finished
 * and the rest waits to be sent (the server's compression sees their socket close and destroys the
 * body with an error). The pipeline hands that on to `html`, whose end stops React's render; the
 * body's own listener keeps the error from being unhandled, which would end the process.
 */
export function pageBody(html: Readable, onSettled: () => void): PassThrough {
  const body = new PassThrough();
  body.on('error', reportedByThePipeline);
  pipeline(html, body, (error) => {
    onSettled();
    logUnlessTheVisitorLeft(error);
  });
  return body;
}
