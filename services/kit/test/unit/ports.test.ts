import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePort } from '@pfs/kit/ports';

function ephemeralLow(): number {
  try {
    return Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
    );
  } catch {
    return 32_768;
  }
}

function bind(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, () => server.close(() => resolve()));
  });
}

describe('freePort', () => {
  it('hands out distinct ports below the ephemeral range that can be bound', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    expect(new Set(ports).size).toBe(ports.length);
    const low = ephemeralLow();
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      if (low - 20_000 >= 1_000) expect(port).toBeLessThan(low);
    }
    for (const port of ports.slice(0, 3)) await bind(port);
  });
});
