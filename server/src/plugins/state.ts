import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LayoutCache } from '../state/layout-cache';
import { StateStore } from '../state/state-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** planvas' own state (lowdb JSON file in the data folder): views, settings, run index. */
    state: StateStore;
    /** The canvas' saved automatic layouts (their own lowdb file in the data folder). */
    layoutCache: LayoutCache;
  }
}

export const statePlugin = fp(
  async function statePlugin(app: FastifyInstance, options: { dataDir: string }) {
    const store = await StateStore.open(options.dataDir);
    const layoutCache = await LayoutCache.open(options.dataDir);
    app.decorate('state', store);
    app.decorate('layoutCache', layoutCache);
    app.addHook('onClose', async () => {
      await Promise.all([store.flush(), layoutCache.flush()]);
    });
  },
  { name: 'planvas-state' },
);
