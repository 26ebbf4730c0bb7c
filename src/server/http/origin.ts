import type { FastifyRequest } from 'fastify';

/** Base for absolute media URLs: PUBLIC_URL when configured, else the request's own origin. */
export const originOf = (request: FastifyRequest, publicUrl: string | undefined) =>
  publicUrl ?? `${request.protocol}://${request.host}`;
