import { existsSync } from 'node:fs';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { createTestDatabase, startThrowawayCluster, withClient } from './pg-cluster';
import { describePg, usePgDatabase } from './pg-test-database';

describePg('the throw-away PostgreSQL cluster', () => {
  const first = usePgDatabase();
  const second = usePgDatabase();

  it('gives each test database its own tables', async () => {
    await withClient(first.url(), (c) => c.query('CREATE TABLE plans (id int); INSERT INTO plans VALUES (1)'));
    const written = await withClient(first.url(), (c) => c.query('SELECT id FROM plans'));
    const elsewhere = await withClient(second.url(), (c) => c.query(`SELECT to_regclass('public.plans') AS found`));
    expect(written.rows).toEqual([{ id: 1 }]);
    expect(elsewhere.rows).toEqual([{ found: null }]);
  });

  it('carries a NOTIFY from one client to another that LISTENs', async () => {
    const listener = new pg.Client({ connectionString: first.url() });
    await listener.connect();
    try {
      await listener.query('LISTEN plan_saved');
      const heard = new Promise<pg.Notification>((resolve) => listener.once('notification', resolve));
      await withClient(first.url(), (c) => c.query(`SELECT pg_notify('plan_saved', 'workflow-1')`));
      expect(await heard).toMatchObject({ channel: 'plan_saved', payload: 'workflow-1' });
    } finally {
      await listener.end();
    }
  });

  it('drops a database even while a session is still open on it', async () => {
    const adminUrl = inject('pgAdminUrl');
    if (adminUrl === undefined) throw new Error('describePg runs this only with a cluster');
    const database = await createTestDatabase(adminUrl);
    const straggler = new pg.Client({ connectionString: database.url });
    // pg reports the termination, then the closed socket: both are expected here.
    const ended = new Promise<Error>((resolve) => straggler.on('error', resolve));
    await straggler.connect();
    await database.drop();
    const left = await withClient(adminUrl, (c) => c.query('SELECT 1 FROM pg_database WHERE datname = $1', [database.name]));
    expect(left.rowCount).toBe(0);
    expect((await ended).message).toMatch(/terminat/i);
    await straggler.end().catch(() => {});
  });

  it('stop() shuts the server down and deletes its folder', async () => {
    const cluster = await startThrowawayCluster();
    expect(existsSync(cluster.dir)).toBe(true);
    await expect(withClient(cluster.url, (c) => c.query('SELECT 1'))).resolves.toBeDefined();
    await cluster.stop();
    expect(existsSync(cluster.dir)).toBe(false);
    await expect(withClient(cluster.url, (c) => c.query('SELECT 1'))).rejects.toThrow(/ECONNREFUSED/);
  }, 120_000);
});
