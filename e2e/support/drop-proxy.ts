import { createServer, request as httpRequest, type ClientRequest } from 'node:http';
import type { Socket } from 'node:net';

/**
 * An HTTP proxy between the browser and the planvas server that can cut the network: `drop(ms)`
 * destroys every open connection (the page's event stream included) and refuses new ones for a
 * while, as a flaky Wi-Fi would, while the server and its run go on. Chromium's offline
 * emulation does not close an established event stream, and restarting the server would end the
 * run itself, so this is the honest way to drop only the connection.
 *
 * Host and Origin are rewritten to the server's own, which its request guard expects.
 */
export interface DropProxy {
  url: string;
  /** Cuts every connection now and refuses new ones for `ms`. */
  drop(ms: number): void;
  /** Requests whose path starts with `/api/runs/` and contains `/stream`, as seen by the proxy. */
  streamRequests: string[];
  close(): Promise<void>;
}

export async function startDropProxy(target: string): Promise<DropProxy> {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  const requests = new Set<ClientRequest>();
  const streamRequests: string[] = [];
  let refuseUntil = 0;

  const server = createServer((req, res) => {
    if (Date.now() < refuseUntil) {
      req.socket.destroy();
      return;
    }
    if (req.url?.startsWith('/api/runs/') && req.url.includes('/stream')) streamRequests.push(req.url);
    const headers = { ...req.headers, host: upstream.host };
    if (headers.origin) headers.origin = upstream.origin;
    if (headers.referer) headers.referer = upstream.origin + new URL(headers.referer).pathname;
    const forward = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    requests.add(forward);
    forward.on('close', () => requests.delete(forward));
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    streamRequests,
    drop(ms) {
      refuseUntil = Date.now() + ms;
      for (const forward of requests) forward.destroy();
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
