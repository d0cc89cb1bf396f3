import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';
import { messages } from '../errors/messages';
import { acceptsEventStream, openEventStream, resolveHeartbeatMs, type EventStream } from '../http/sse';
import { viewerRegistryOf, type SseLimits } from '../http/sse-viewers';
import type { WorkflowRoute } from './params';

export interface ChangesRoutesOptions {
  /** Heartbeat comment interval (at most 15 s; default 10 s or PLANVAS_SSE_HEARTBEAT_MS). */
  heartbeatMs?: number;
  /** The server's viewer limits (shared with the run streams; see http/sse-viewers). */
  sse?: Partial<SseLimits>;
}

/**
 * Live changes of the documents on disk as Server-Sent Events, so an open page learns of an
 * edit made in a text editor, by git or by another tab: `ready` with the current revisions
 * first, then a `change` per new revision (and `workflows` for the workspace stream).
 */
export const changesRoutes: FastifyPluginAsync<ChangesRoutesOptions> = async (app, options) => {
  const heartbeatMs = resolveHeartbeatMs(options.heartbeatMs);
  // Change streams count against the same total as run streams, and are cut off the same way.
  const viewers = viewerRegistryOf(app.server, options.sse);

  const requireEventStream = (request: FastifyRequest) => {
    if (!acceptsEventStream(request.headers.accept)) {
      throw new ApiError(406, 'not_acceptable', messages.notAcceptableEventStream, [{ path: 'Accept', message: 'must allow text/event-stream' }]);
    }
  };

  /** Subscribes once the stream is open; a stream that ends first unsubscribes at once. */
  const follow = async (request: FastifyRequest, stream: EventStream, subscribe: () => Promise<() => void>) => {
    try {
      stream.onClose(await subscribe());
    } catch (error) {
      request.log.warn({ err: error }, 'change stream could not subscribe');
      stream.close();
    }
  };

  app.get<WorkflowRoute>('/api/workflows/:id/changes', async (request, reply) => {
    const { id } = request.params;
    // 400 for a bad id, 404 for no such workflow: answered before the stream opens.
    await app.workspace.locate(id);
    requireEventStream(request);
    const stream = openEventStream(request, reply, { heartbeatMs, viewers });
    await follow(request, stream, () =>
      app.watcher.subscribeWorkflow(id, {
        ready: (snapshot) => stream.send('ready', snapshot),
        change: (change) => stream.send('change', change),
      }),
    );
  });

  app.get('/api/changes', async (request, reply) => {
    requireEventStream(request);
    const stream = openEventStream(request, reply, { heartbeatMs, viewers });
    await follow(request, stream, () =>
      app.watcher.subscribeWorkspace({
        ready: (snapshot) => stream.send('ready', snapshot),
        change: (change) => stream.send('change', change),
        workflows: (change) => stream.send('workflows', change),
      }),
    );
  });
};
