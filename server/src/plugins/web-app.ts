import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { relative, sep } from 'node:path';
import type { NotFoundFallback } from './error-handler';

/**
 * The build names every file under assets/ after a hash of its content, so a name never changes
 * meaning: the browser may keep it for good and not even ask again (a reload or the next deep link
 * then reads the 790 KB app chunk and ELK's 1.6 MB from its cache). index.html, which names them,
 * is asked for every time.
 */
const HASHED_ASSET_CACHING = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app. Client-side routes such as /workflows/Workflow%2FResearchReport are
 * not files, so every other GET outside /api and /assets answers index.html (see spaFallback).
 */
export const webAppPlugin = fp(
  async function webAppPlugin(app: FastifyInstance, options: { root: string }) {
    await app.register(fastifyStatic, {
      root: options.root,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      setHeaders(reply: FastifyReply, path: string) {
        if (relative(options.root, path).startsWith(`assets${sep}`)) reply.header('cache-control', HASHED_ASSET_CACHING);
      },
    });
  },
  { name: 'planvas-web-app' },
);

/** For the not-found handler: index.html for app routes (true), nothing for the rest (a JSON 404). */
export const spaFallback: NotFoundFallback = (request, reply) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/')) return false;
  void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  return true;
};
