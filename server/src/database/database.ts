import pg from 'pg';
import { applyMigrations } from './migrations';
import { NotificationListener, type NotificationHandler } from './notification-listener';

export type Queryable = Pick<pg.PoolClient, 'query'>;

export interface DatabaseOptions {
  /** Connections this process may hold at once (API instances and workers each have their own pool). */
  maxConnections?: number;
  /** Told when the listening connection dropped and was opened again (notifications may have been missed meanwhile). */
  onListenError?: (error: unknown) => void;
}

/**
 * planvas' PostgreSQL database (the team mode, `--database-url`): a `pg` pool for queries and
 * transactions, one dedicated connection that LISTENs for wake-ups, and session advisory locks.
 * The schema is brought up to date when it is opened (migrations.ts), by whichever process comes
 * first; the others wait on the migration lock.
 */
export class Database {
  private closed = false;

  private constructor(
    readonly pool: pg.Pool,
    private readonly listener: NotificationListener,
  ) {}

  static async connect(url: string, options: DatabaseOptions = {}): Promise<Database> {
    const pool = new pg.Pool({ connectionString: url, max: options.maxConnections ?? 10, application_name: 'planvas' });
    // An idle connection the server ended (a restart, an admin) must not end this process.
    pool.on('error', () => undefined);
    try {
      await applyMigrations(pool);
      const listener = await NotificationListener.open(url, options.onListenError);
      return new Database(pool, listener);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
  }

  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    return this.pool.query<R>(text, values);
  }

  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Runs `work` while holding the session advisory lock named `key`, across every process on this
   * database: the serialisation of saves of one file by several API instances. `work` gets the
   * connection holding the lock, for what must happen while it is provably still held (a NOTIFY
   * before a rename) without asking the pool for a second connection.
   */
  async withAdvisoryLock<T>(key: string, work: (client: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let locked = false;
    try {
      await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
      locked = true;
      return await work(client);
    } finally {
      if (locked) await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(() => undefined);
      client.release();
    }
  }

  /** Sends a wake-up on `channel` (delivered when the surrounding transaction, if any, commits). */
  async notify(channel: string, payload: string, client: Queryable = this.pool): Promise<void> {
    await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
  }

  /** Calls `handler` for every notification on `channel`; `onReconnect` after the listening connection was replaced. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
    return this.listener.listen(channel, handler);
  }

  /** Called each time the listening connection is back after a drop: what it heard meanwhile is lost, so catch up. */
  onReconnect(handler: () => void): () => void {
    return this.listener.onReconnect(handler);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.listener.close();
    await this.pool.end();
  }
}
