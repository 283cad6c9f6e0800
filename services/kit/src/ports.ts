import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Ports for the processes a test or benchmark starts, chosen below the kernel's ephemeral range.
 *
 * A port from listen(0) comes from that range, which is also where every outgoing connection
 * takes its local port. Between the test choosing a port and the child binding it, a new
 * connection on the machine (a service's PostgreSQL pool, a gRPC client, Redis) can take it, and
 * the child then fails to start with EADDRINUSE. The kernel never hands out a port below the
 * range by itself, so there only a listener can take one, and the bind check sees listeners.
 */
const LOWEST = 20_000;
/** The usual Linux default's lower end, for machines where the setting cannot be read. */
const DEFAULT_EPHEMERAL_LOW = 32_768;

function ephemeralLow(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return Number.isInteger(low) && low > 0 ? low : DEFAULT_EPHEMERAL_LOW;
  } catch {
    return DEFAULT_EPHEMERAL_LOW;
  }
}

function listenOn(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(undefined));
    // No host: the unspecified address, so a listener on any interface counts as taken.
    srv.listen(port, () => {
      const address = srv.address();
      const bound = typeof address === 'object' && address ? address.port : undefined;
      srv.close(() => resolve(bound));
    });
  });
}

const handedOut = new Set<number>();

/** A port nobody listens on, not handed out before by this process, and never an ephemeral one. */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  // A machine whose ephemeral range starts near LOWEST leaves nothing to choose from: take what
  // the kernel gives, as before.
  const span = low - LOWEST;
  for (let attempt = 0; attempt < 500; attempt++) {
    const port = span >= 1_000 ? LOWEST + randomInt(span) : await listenOn(0);
    if (port === undefined || handedOut.has(port)) continue;
    if (span >= 1_000 && (await listenOn(port)) === undefined) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error('no free port found below the ephemeral range');
}
