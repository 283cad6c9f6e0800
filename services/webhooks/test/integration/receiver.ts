import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

export type Behaviour = (req: Received, res: http.ServerResponse) => void;

/** A partner's HTTP endpoint started by the test: records every request; answers per path. */
export async function startReceiver() {
  const received: Received[] = [];
  const behaviours = new Map<string, Behaviour>();
  const active = new Map<string, number>();
  const maxActive = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      const r: Received = {
        path,
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(r);
      const n = (active.get(path) ?? 0) + 1;
      active.set(path, n);
      maxActive.set(path, Math.max(maxActive.get(path) ?? 0, n));
      res.on('close', () => active.set(path, (active.get(path) ?? 1) - 1));
      const behaviour = behaviours.get(path);
      if (behaviour) behaviour(r, res);
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    on: (path: string, behaviour: Behaviour) => behaviours.set(path, behaviour),
    maxActive: (path: string) => maxActive.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
