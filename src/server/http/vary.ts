import type { FastifyReply } from 'fastify';

/** Adds `token` to the answer's Vary header unless it is there already. */
export function withVary(reply: FastifyReply, token: string) {
  const current = reply.getHeader('vary');
  const tokens =
    current === undefined
      ? []
      : String(current)
          .split(',')
          .map((t) => t.trim());
  if (!tokens.some((t) => t.toLowerCase() === token.toLowerCase())) reply.header('vary', [...tokens, token].join(', '));
}
