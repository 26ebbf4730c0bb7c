import http from 'node:http';

/**
 * A round-robin reverse proxy on 127.0.0.1 in front of several shop processes, as a load balancer
 * stands in front of them (docs/deploy.md § Several processes): each request goes to the next
 * upstream in turn with its method, path, headers (Host kept) and body; the answer comes back as
 * the upstream gave it plus `x-upstream: <index of the upstream>`, so a test sees which process
 * answered. The caller's address is appended to X-Forwarded-For, as load balancers do; the shop
 * reads it with TRUST_PROXY naming this proxy. `statusOf` may change an answer's status, to play a
 * server that answers otherwise (AWS's 403 for a missing object, tests/api/media-s3.test.ts).
 */
export async function startRoundRobinProxy(
  upstreams: string[],
  port = 0,
  statusOf: (method: string, status: number) => number = (_method, status) => status,
) {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      new URL(request.url ?? '/', upstreams[index]),
      { method: request.method, headers: { ...request.headers, 'x-forwarded-for': forwardedFor }, agent },
      (answer) => {
        response.writeHead(statusOf(request.method ?? 'GET', answer.statusCode ?? 502), {
          ...answer.headers,
          'x-upstream': String(index),
        });
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'x-upstream': String(index) });
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  return {
    origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
