import { authorizedFetch } from './access-token';

/**
 * What the API clients learn about the server being reachable, as they talk to it: a request that
 * could not connect or an event stream that dropped (`lost`), an answer or a stream that opened
 * (`reached`). The connection indicator (notifications/) listens and checks for itself before it
 * says "offline": a dropped stream alone can mean a viewer cap or a run's end, not an outage.
 *
 * Once the indicator has seen the server come back it says so (`reconnected`): a stream the
 * browser gave up on (an EventSource closes for good after a 5xx from a proxy) opens again then.
 * One bus per page; the clients stay free of React and of the indicator.
 */
export type ConnectionSignal = 'lost' | 'reached';

type Listener<T> = (value: T) => void;

const signalListeners = new Set<Listener<ConnectionSignal>>();
const reconnectListeners = new Set<Listener<void>>();

function subscribe<T>(set: Set<Listener<T>>, listener: Listener<T>): () => void {
  set.add(listener);
  return () => void set.delete(listener);
}

export function reportConnection(signal: ConnectionSignal): void {
  for (const listener of [...signalListeners]) listener(signal);
}

export function onConnectionSignal(listener: Listener<ConnectionSignal>): () => void {
  return subscribe(signalListeners, listener);
}

/** The server answers again after an outage. */
export function announceReconnected(): void {
  for (const listener of [...reconnectListeners]) listener();
}

export function onReconnected(listener: () => void): () => void {
  return subscribe(reconnectListeners, listener);
}

/** EventSource.CLOSED: the browser will not reconnect this source by itself. */
const CLOSED = 2;

/** The part of an EventSource a change stream uses (tests pass a double). */
export type StreamSource = {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
  /** The browser's: 2 (CLOSED) once it gives up reconnecting. */
  readonly readyState?: number;
};

/**
 * Opens a change stream with a listener per frame type; returns what closes it. Its drops and
 * openings go on the bus; when the browser has given up on it for good, it opens again once the
 * server is back (its first frame, `ready`, is the whole state again).
 */
export function openChangeStream(open: () => StreamSource, listeners: Readonly<Record<string, (event: MessageEvent) => void>>): () => void {
  let closed = false;
  let source: StreamSource | null = null;
  let stopWaiting: (() => void) | null = null;
  const connect = () => {
    const opened = open();
    source = opened;
    for (const [type, listener] of Object.entries(listeners)) opened.addEventListener(type, (event) => !closed && listener(event));
    opened.addEventListener('open', () => reportConnection('reached'));
    opened.addEventListener('error', () => {
      if (closed || source !== opened) return;
      reportConnection('lost');
      if (opened.readyState !== CLOSED || stopWaiting !== null) return;
      stopWaiting = onReconnected(() => {
        stopWaiting?.();
        stopWaiting = null;
        opened.close();
        if (!closed) connect();
      });
    });
  };
  connect();
  return () => {
    closed = true;
    stopWaiting?.();
    source?.close();
  };
}

/**
 * Whether the planvas server answers at all: any answer of its own counts (a 401 too), a failure to
 * connect or a gateway's 502 / 504 does not.
 */
export async function probeServer(doFetch: typeof fetch = authorizedFetch, baseUrl = ''): Promise<boolean> {
  try {
    const response = await doFetch(`${baseUrl}/api/health`, { cache: 'no-store', headers: { accept: 'application/json' } });
    return response.status !== 502 && response.status !== 504;
  } catch {
    return false;
  }
}
