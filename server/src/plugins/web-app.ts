import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app. Client-side routes such as /workflows/Workflow%2FResearchReport are
 * not files, so every other GET outside /api and /assets answers index.html (see spaFallback).
 */
export const webAppPlugin = fp(
  async function webAppPlugin(app: FastifyInstance, options: { root: string }) {
    await app.register(fastifyStatic, { root: options.root, prefix: '/', wildcard: true, index: ['index.html'] });
  },
  { name: 'planvas-web-app' },
);

/** For the not-found handler: index.html for app routes, undefined (a JSON 404) for the rest. */
export function spaFallback(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const path = request.url.split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/')) return undefined;
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
}
