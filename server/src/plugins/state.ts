import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Database } from '../database/database';
import { LayoutCache } from '../state/layout-cache';
import { PgStateStore } from '../state/pg-state-store';
import { FileStateStore, type StateStore } from '../state/state-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** planvas' own state: views, settings, run index (a lowdb file, or PostgreSQL in team mode). */
    state: StateStore;
    /** The canvas' saved automatic layouts (their own lowdb file, or the state tables in team mode). */
    layoutCache: LayoutCache;
    /** Team mode's PostgreSQL database (`--database-url`); undefined in the embedded mode. */
    database: Database | undefined;
    /** The same state store as `state`, typed as PostgreSQL's in team mode (the run store needs it). */
    pgState: PgStateStore | undefined;
  }
}

export interface StatePluginOptions {
  dataDir: string;
  /** Team mode: the PostgreSQL database holding state, runs and the run queue. */
  databaseUrl?: string;
}

export const statePlugin = fp(
  async function statePlugin(app: FastifyInstance, options: StatePluginOptions) {
    if (options.databaseUrl) {
      const database = await Database.connect(options.databaseUrl, {
        onListenError: (error) => app.log.warn({ err: error }, 'the database notification connection dropped; reconnecting'),
      });
      const store = await PgStateStore.open(database);
      app.decorate('database', database);
      app.decorate('pgState', store);
      app.decorate('state', store);
      app.decorate('layoutCache', LayoutCache.inState(store));
      // preClose: after every plugin's onClose (the run store still writes there) would be too late
      // to order; the database closes last, in the app's onClose registered by buildApp.
      return;
    }
    const store = await FileStateStore.open(options.dataDir);
    const layoutCache = await LayoutCache.open(options.dataDir);
    app.decorate('database', undefined);
    app.decorate('pgState', undefined);
    app.decorate('state', store);
    app.decorate('layoutCache', layoutCache);
    app.addHook('onClose', async () => {
      await Promise.all([store.flush(), layoutCache.flush()]);
    });
  },
  { name: 'planvas-state' },
);
