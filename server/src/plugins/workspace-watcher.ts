import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WorkspaceWatcher, type WorkspaceWatcherOptions } from '../workspace/workspace-watcher';

declare module 'fastify' {
  interface FastifyInstance {
    /** Changes of the workspace's documents, whoever made them (GET /api/.../changes streams them). */
    watcher: WorkspaceWatcher;
  }
}

export type WorkspaceWatcherPluginOptions = Omit<WorkspaceWatcherOptions, 'onError'>;

export const workspaceWatcherPlugin = fp(
  async function workspaceWatcherPlugin(app: FastifyInstance, options: WorkspaceWatcherPluginOptions) {
    const watcher = new WorkspaceWatcher(app.workspace, {
      ...options,
      onError: (error, what) => app.log.warn({ err: error }, what),
    });
    app.decorate('watcher', watcher);
    // Watches and poll timers are handles: left open they would keep a stopped server (or a
    // test run) alive.
    app.addHook('onClose', async () => watcher.close());
  },
  { name: 'planvas-workspace-watcher', dependencies: ['planvas-workspace'] },
);
