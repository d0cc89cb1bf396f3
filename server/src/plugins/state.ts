import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { StateStore } from '../state/state-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** planvas' own state (lowdb JSON file in the data folder): views, settings, run index. */
    state: StateStore;
  }
}

export const statePlugin = fp(
  async function statePlugin(app: FastifyInstance, options: { dataDir: string }) {
    const store = await StateStore.open(options.dataDir);
    app.decorate('state', store);
    app.addHook('onClose', async () => {
      await store.flush();
    });
  },
  { name: 'planvas-state' },
);
