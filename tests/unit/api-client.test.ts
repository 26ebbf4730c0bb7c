import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../../src/contract/transport.js';
import { createApiClient } from '../../src/web/lib/api.js';
import { apiFor } from '../../src/web/lib/context.server.js';

/*
 * Catalogue reads go as a guest's, so the API's kept answers serve signed-in pages too; the admin
 * reads signed in, to show what was just saved (docs/caching.md).
 */

function recordingTransport(answer: (request: ApiRequest) => ApiResponse) {
  const sent: ApiRequest[] = [];
  const transport = async (request: ApiRequest) => {
    sent.push(request);
    return answer(request);
  };
  return { sent, transport };
}

const ok = { status: 200, body: { data: [] } };

describe('catalogue reads', () => {
  it('a signed-in visitor’s go as a guest’s; their own things go signed in', async () => {
    const { sent, transport } = recordingTransport(() => ok);
    const api = createApiClient(transport, 'token-1');
    await api.products.list({ limit: 8 });
    await api.home.get();
    await api.wishlist.list();
    expect(sent.map((request) => [request.path, request.token])).toEqual([
      ['/products?limit=8', undefined],
      ['/home', undefined],
      ['/wishlist', 'token-1'],
    ]);
  });

  it('what a guest may not see (a draft: 404) is asked again signed in', async () => {
    const { sent, transport } = recordingTransport((request) =>
      request.token ? { status: 200, body: { data: { id: 'draft' } } } : { status: 404, body: undefined },
    );
    const product = await createApiClient(transport, 'staff-token').products.get('draft');
    expect(product).toEqual({ data: { id: 'draft' } });
    expect(sent.map((request) => request.token)).toEqual([undefined, 'staff-token']);
  });

  it('the admin’s pages read signed in, never a guest’s kept answer', async () => {
    const { sent, transport } = recordingTransport(() => ok);
    const context = {
      apiTransport: transport,
      shop: {} as never,
      cspNonce: '',
      visitor: async () => null,
      basketCount: async () => 0,
    };
    const request = (path: string) =>
      new Request(`http://shop.test${path}`, { headers: { cookie: 'matjar_session=staff-token' } });
    await apiFor(request('/admin/products'), context).products.list();
    await apiFor(request('/products'), context).products.list();
    expect(sent.map((sentRequest) => sentRequest.token)).toEqual(['staff-token', undefined]);
  });
});
