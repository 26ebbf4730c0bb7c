import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pageBody } from '../../src/web/lib/page-body.server.js';

/*
 * A visitor who leaves cancels the page's body (the server's compression destroys it with
 * "Premature close"). An 'error' event nobody listens to ends the whole process: these tests would
 * fail as an unhandled error without the body's own listener.
 */

/** Resolves when the stream has closed (events.once would reject on its 'error'). */
const closed = (stream: PassThrough) => new Promise((resolve) => stream.on('close', resolve));

/** A page body fed by `html`, and whether it has taken the whole page in. */
function bodyFedBy(html: PassThrough) {
  let ended = false;
  const body = pageBody(html, () => {
    ended = true;
  });
  return { body, ended: () => ended };
}

const premature = () => Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });

describe('a page’s body when the visitor leaves', () => {
  it('is cancelled after React has written the whole page, the rest unsent: no unhandled error', async () => {
    const html = new PassThrough();
    const { body, ended } = bodyFedBy(html);
    html.end('<!DOCTYPE html><html><body>صفحة كاملة</body></html>');
    // Everything is in the body, unread: React is done and the pipeline has finished.
    await new Promise((resolve) => setImmediate(resolve));
    expect(ended()).toBe(true);
    body.destroy(premature());
    await closed(body);
    expect(body.destroyed).toBe(true);
  });

  it('is cancelled while React still writes: its stream is ended too, so the render stops', async () => {
    const html = new PassThrough();
    const { body, ended } = bodyFedBy(html);
    html.write('<!DOCTYPE html><html><body>');
    body.destroy(premature());
    await closed(html);
    expect(html.destroyed).toBe(true);
    expect(ended()).toBe(false);
  });

  it('carries the page whole when nobody leaves', async () => {
    const html = new PassThrough();
    const { body } = bodyFedBy(html);
    html.end('<p>مرحبا</p>');
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('<p>مرحبا</p>');
  });
});
