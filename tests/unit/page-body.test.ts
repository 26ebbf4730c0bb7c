import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageBody } from '../../src/web/lib/page-body.server.js';

/*
 * A visitor who leaves cancels the page's body (the server's compression destroys it with
 * "Premature close"). An 'error' event nobody listens to ends the whole process: these tests would
 * fail as an unhandled error without the body's own listener.
 */

/** Resolves when the stream has closed (events.once would reject on its 'error'). */
const closed = (stream: PassThrough) => new Promise((resolve) => stream.on('close', resolve));

/** A page body fed by `html`, and whether its pipeline has settled (the page in, or never to be). */
function bodyFedBy(html: PassThrough) {
  let settled = false;
  const body = pageBody(html, () => {
    settled = true;
  });
  return { body, settled: () => settled };
}

const premature = () => Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a page’s body when the visitor leaves', () => {
  it('is cancelled after React has written the whole page, the rest unsent: no unhandled error', async () => {
    const html = new PassThrough();
    const { body, settled } = bodyFedBy(html);
    html.end('<!DOCTYPE html><html><body>صفحة كاملة</body></html>');
    // Everything is in the body, unread: React is done and the pipeline has finished.
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled()).toBe(true);
    body.destroy(premature());
    await closed(body);
    expect(body.destroyed).toBe(true);
  });

  it('is cancelled while React still writes: its stream is ended too, so the render stops, and the page settles', async () => {
    const html = new PassThrough();
    const { body, settled } = bodyFedBy(html);
    html.write('<!DOCTYPE html><html><body>');
    body.destroy(premature());
    await closed(html);
    expect(html.destroyed).toBe(true);
    // The render's time limit is cleared: nothing waits on a page nobody will read.
    expect(settled()).toBe(true);
  });

  it('carries the page whole when nobody leaves', async () => {
    const html = new PassThrough();
    const { body } = bodyFedBy(html);
    html.end('<p>مرحبا</p>');
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('<p>مرحبا</p>');
  });

  it('logs an error of the shop’s own making, never the visitor’s leaving', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const leaving = new PassThrough();
    bodyFedBy(leaving).body.destroy(premature());
    await closed(leaving);
    expect(logged).not.toHaveBeenCalled();
    const broken = new PassThrough();
    bodyFedBy(broken);
    broken.destroy(new Error('the rewrite failed'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toContain('the rewrite failed');
  });
});
