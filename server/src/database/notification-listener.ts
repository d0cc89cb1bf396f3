import pg from 'pg';

export type NotificationHandler = (payload: string) => void;

/** How long to wait before opening the listening connection again after it dropped. */
const RECONNECT_MS = 500;

/**
 * The one connection a process LISTENs on. Notifications are wake-ups only (a run id and a seq, a
 * revision); the truth is read from the tables. When the connection drops it is opened again and
 * every channel listened to again, and the reconnect handlers are told: whatever was notified
 * in between is lost, so they read what they follow once more.
 */
export class NotificationListener {
  private client: pg.Client | undefined;
  private readonly handlers = new Map<string, Set<NotificationHandler>>();
  private readonly reconnectHandlers = new Set<() => void>();
  private closed = false;
  private reconnecting: NodeJS.Timeout | undefined;

  private constructor(
    private readonly url: string,
    private readonly onError?: (error: unknown) => void,
  ) {}

  static async open(url: string, onError?: (error: unknown) => void): Promise<NotificationListener> {
    const listener = new NotificationListener(url, onError);
    await listener.connect();
    return listener;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'planvas-listen' });
    client.on('notification', (message) => {
      for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', (error) => this.dropped(client, error));
    client.on('end', () => this.dropped(client, new Error('the listening connection ended')));
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`LISTEN ${quoteChannel(channel)}`);
    this.client = client;
  }

  private dropped(client: pg.Client, error: unknown): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    this.onError?.(error);
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnecting) return;
    this.reconnecting = setTimeout(() => {
      this.reconnecting = undefined;
      this.connect().then(
        () => {
          for (const handler of this.reconnectHandlers) handler();
        },
        (error: unknown) => {
          this.onError?.(error);
          this.scheduleReconnect();
        },
      );
    }, RECONNECT_MS);
  }

  async listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.client?.query(`LISTEN ${quoteChannel(channel)}`);
    }
    set.add(handler);
    return async () => {
      const current = this.handlers.get(channel);
      current?.delete(handler);
      if (current && current.size === 0) {
        this.handlers.delete(channel);
        await this.client?.query(`UNLISTEN ${quoteChannel(channel)}`).catch(() => undefined);
      }
    };
  }

  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => this.reconnectHandlers.delete(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnecting) clearTimeout(this.reconnecting);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

/** Channel names are planvas' own constants; quoted anyway so none can be read as SQL. */
function quoteChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return `"${channel}"`;
}
