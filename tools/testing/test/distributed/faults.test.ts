import {
  createTestDatabase,
  isBuilt,
  natsServerAvailable,
  register,
  startNats,
  startS3,
  startSystem,
  waitFor,
  type Client,
  type ServiceName,
  type System,
  type TestDatabase,
  type TestNats,
  type TestS3,
  recordFigures,
} from '../../distributed/cluster';
import {
  consumerMismatches,
  inboxCounts,
  lostWrites,
  outboxBacklog,
  documentsProbe,
  PROBES,
  probePath,
  publishedBySubject,
  drainEvents,
  Traffic,
  type Probe,
} from '../../distributed/traffic';

/**
 * Faults during steady traffic, on the distributed system under tools/run-distributed.mjs
 * (every service its own process), the machine's PostgreSQL and Redis, and a NATS JetStream
 * server and an S3-compatible server of the test's own (so stopping NATS disturbs nobody).
 *
 * - kill -9 of each service in turn: only its routes fail (503), the others keep answering,
 *   and it serves again once the runner has restarted it;
 * - each service's database connections terminated: it recovers without a restart;
 * - NATS stopped for 30 s: writes keep succeeding (outbox), and afterwards every event is in
 *   the stream once and handled once by every consumer.
 * Each checks that nothing was lost: every write the gateway acknowledged is in the database.
 */
const { DATABASE_URL } = process.env;
const ready = !!DATABASE_URL && isBuilt('gateway') && natsServerAvailable();
if (!ready)
  console.warn(
    'distributed fault tests skipped: they need DATABASE_URL, a build (npx turbo run build) and /usr/sbin/nats-server',
  );

const NATS_OUTAGE_MS = Number(process.env.DIST_NATS_OUTAGE_MS ?? 30_000);

(ready ? describe : describe.skip)('distributed faults during steady traffic', () => {
  let db: TestDatabase;
  let nats: TestNats;
  let s3: TestS3;
  let system: System;
  let users: Client[];
  let traffic: Traffic;
  let probes: Probe[];
  const services = () => system.services;

  beforeAll(async () => {
    db = await createTestDatabase(DATABASE_URL!, 'dist_faults');
    nats = await startNats();
    s3 = await startS3();
    system = await startSystem({
      label: 'faults',
      databaseUrl: db.url,
      natsUrl: nats.url,
      s3,
      env: { IMPORT_POLL_MS: '200' },
    });
    users = [
      await register(system.gateway, 'faults-a', 'enterprise'),
      await register(system.gateway, 'faults-b', 'enterprise'),
    ];
    probes = PROBES.filter((p) => system.services.includes(p.service));
    if (system.services.includes('documents')) probes.push(await documentsProbe(users));
    for (const p of probes) {
      const res = await users[0].get(probePath(p, users[0]));
      if (res.status !== 200)
        throw new Error(
          `${p.service} probe ${probePath(p, users[0])}: ${res.status} ${await res.text()}`,
        );
    }
    traffic = new Traffic(users, probes);
    traffic.start();
    // Some traffic before the first fault.
    await waitFor(() => traffic.written.length >= 10, 'steady traffic', 30_000);
  }, 180_000);

  afterAll(async () => {
    await traffic?.stop();
    await system?.stop();
    await s3?.stop();
    await nats?.dispose();
    await db?.drop();
  }, 90_000);

  const probeOf = (service: ServiceName) => probes.find((p) => p.service === service);
  const statusOf = async (user: Client, path: string) => {
    const res = await user.get(path).catch(() => undefined);
    await res?.arrayBuffer();
    return res?.status ?? 0;
  };

  it('kill -9 of each service in turn: only its routes answer 503, the others keep answering, and it serves again after the runner restarts it', async () => {
    const report: string[] = [];
    const kills: string[] = [];
    for (const service of services()) {
      const probe = probeOf(service);
      const before = system.state()[service].restarts;
      const from = Date.now();
      const pid = system.kill9(service);
      kills.push(`${service} killed ${new Date(from).toISOString()}`);
      // Its own route fails fast with 503 while it is down (the runner restarts it in ~0.2 s,
      // the process then needs a moment to listen again).
      let saw503 = false;
      if (probe) {
        await waitFor(
          async () => {
            const status = await statusOf(users[0], probePath(probe, users[0]));
            if (status === 503) saw503 = true;
            return saw503 || status === 200;
          },
          `${service}: its route answers`,
          30_000,
          20,
        );
      }
      const restartedAfter = await system.waitRestarted(service, pid);
      const servingAfter = probe
        ? await waitFor(
            async () => (await statusOf(users[0], probePath(probe, users[0]))) === 200,
            `${service} serving again`,
            30_000,
            50,
          )
        : 0;
      const to = Date.now();
      // Let one more round of traffic through the recovered service before the next fault.
      await new Promise((r) => setTimeout(r, 300));
      const seen = traffic.between(from, to);
      for (const [other, statuses] of seen) {
        if (other === service) {
          // Its own route: 503 (or 200 before the kill landed / after the restart), never a 500.
          expect({ service, statuses: statuses.filter((s) => s !== 200 && s !== 503) }).toEqual({
            service,
            statuses: [],
          });
        } else if (other === 'write') {
          // Writes go to the ledger (which asks categorization for rules with a deadline).
          if (service !== 'ledger')
            expect({ killed: service, writes: statuses.filter((s) => s !== 201) }).toEqual({
              killed: service,
              writes: [],
            });
        } else {
          expect({ killed: service, other, failed: statuses.filter((s) => s !== 200) }).toEqual({
            killed: service,
            other,
            failed: [],
          });
        }
      }
      if (probe) expect({ service, saw503 }).toEqual({ service, saw503: true });
      expect(system.state()[service].restarts).toBe(before + 1);
      expect(system.output()).toMatch(
        new RegExp(
          `\\[run-distributed\\] ${service}: exited \\(SIGKILL\\) after [\\d.]+ s; restart #${before + 1} in \\d+ ms`,
        ),
      );
      report.push(
        `${service}: restarted after ${restartedAfter} ms, serving ${servingAfter} ms after the kill${probe ? `, own route 503 seen: ${saw503}` : ''}`,
      );
    }
    recordFigures(
      'faults',
      `kill -9 in turn:\n  ${report.join('\n  ')}\n  deletes hit by a fault (not counted): ${JSON.stringify(traffic.unsettled)}`,
    );
    const lost = await lostWrites(db, traffic);
    expect({ lost, kills: lost.length ? kills : [] }).toEqual({ lost: [], kills: [] });
  }, 300_000);

  it('kill -9 of the gateway: the runner restarts it and it serves again, no service restarted', async () => {
    const before = system.state();
    const pid = system.kill9('gateway');
    const restartedAfter = await system.waitRestarted('gateway', pid);
    const servingAfter = await waitFor(
      async () => (await statusOf(users[0], '/api/bank/transactions?limit=1')) === 200,
      'the gateway serving again',
      30_000,
      50,
    );
    const after = system.state();
    expect(after.gateway.restarts).toBe(before.gateway.restarts + 1);
    for (const service of services())
      expect({ service, pid: after[service].pid }).toEqual({ service, pid: before[service].pid });
    recordFigures(
      'faults',
      `gateway: restarted after ${restartedAfter} ms, serving ${servingAfter} ms after the kill`,
    );
  }, 60_000);

  it('a service whose database connections are terminated recovers without a restart', async () => {
    const report: string[] = [];
    // The gateway was just restarted (the test before): let it verify every user's credential
    // once, as a gateway that has been running would have. A credential it has never seen
    // cannot be served from its cache while identity's database connections are being cut.
    const identityProbe = probeOf('identity');
    if (identityProbe)
      for (const user of users) await statusOf(user, probePath(identityProbe, user));
    for (const service of services()) {
      const probe = probeOf(service);
      const before = system.state()[service];
      // Make sure it holds a connection, then cut all of them.
      if (probe) await statusOf(users[0], probePath(probe, users[0]));
      // The pids first, then one pg_terminate_backend each: in a single WHERE the planner may
      // call the function before the filters, and terminate other sessions too.
      const pids = await db.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = $2`,
        [db.name, `pfs-${service}`],
      );
      const terminated: number[] = [];
      for (const { pid } of pids) {
        const [{ ok }] = await db.query<{ ok: boolean }>('SELECT pg_terminate_backend($1) AS ok', [
          pid,
        ]);
        if (ok) terminated.push(pid);
      }
      expect({ service, terminated: terminated.length > 0 }).toEqual({ service, terminated: true });
      const from = Date.now();
      const recovered = probe
        ? await waitFor(
            async () => (await statusOf(users[0], probePath(probe, users[0]))) === 200,
            `${service} answering after its connections were terminated`,
            30_000,
            50,
          )
        : 0;
      // Connections are back (it works again with the database) and the process is the same.
      await waitFor(
        async () =>
          (
            await db.query(
              `SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND application_name = $2`,
              [db.name, `pfs-${service}`],
            )
          ).length > 0,
        `${service} reconnected`,
        30_000,
      );
      const after = system.state()[service];
      expect({ service, pid: after.pid, restarts: after.restarts }).toEqual({
        service,
        pid: before.pid,
        restarts: before.restarts,
      });
      // The others never noticed; its own routes (the writes are the ledger's) failed at most
      // once per terminated connection (a query in flight on it), never more.
      const own = (s: string) => s === service || (s === 'write' && service === 'ledger');
      const seen = [...traffic.between(from)];
      const failed = (keep: (s: string) => boolean) =>
        seen.flatMap(([s, statuses]) =>
          keep(s) ? statuses.filter((x) => x !== 200 && x !== 201).map((x) => `${s}:${x}`) : [],
        );
      const othersFailed = failed((s) => !own(s));
      // What the processes logged around it, in the assertion itself, so that a failure here
      // says where the error came from.
      const recentLogs = othersFailed.length
        ? system
            .output()
            .split('\n')
            .filter((line) => /"level":(40|50)|error|warn/i.test(line))
            .slice(-10)
        : [];
      expect({ service, othersFailed, recentLogs }).toEqual({
        service,
        othersFailed: [],
        recentLogs: [],
      });
      expect(failed(own).length).toBeLessThanOrEqual(terminated.length);
      report.push(
        `${service}: ${terminated.length} connection(s) terminated, answering again after ${recovered} ms, same pid`,
      );
    }
    recordFigures('faults', `pg_terminate_backend per service:\n  ${report.join('\n  ')}`);
    expect(await lostWrites(db, traffic)).toEqual([]);
  }, 300_000);

  it(`NATS stopped for ${NATS_OUTAGE_MS / 1000} s: writes keep succeeding, and afterwards every event is in the stream once and handled once by each consumer`, async () => {
    const writtenBefore = traffic.written.length;
    const from = Date.now();
    await nats.stop();
    await new Promise((r) => setTimeout(r, NATS_OUTAGE_MS));
    const backlog = await outboxBacklog(db);
    await nats.start();
    const restartedAt = Date.now();
    const duringOutage = traffic.between(from, restartedAt);
    const writesDuring = traffic.written.length - writtenBefore;
    // Writes went on (events waited in the outbox); every route kept answering.
    expect(writesDuring).toBeGreaterThan(0);
    for (const [service, statuses] of duringOutage)
      expect({ service, failed: statuses.filter((s) => s !== 200 && s !== 201) }).toEqual({
        service,
        failed: [],
      });
    expect(backlog.ledger).toBeGreaterThan(0);

    // Stop the traffic and let everything drain: the outbox empties, consumers catch up.
    await traffic.stop();
    const { report, outboxDrainedMs: drainedAfter } = await drainEvents(
      db,
      nats.url,
      'after NATS came back',
    );
    // In the stream once: as many messages per subject as published outbox rows (the relay's
    // retries while NATS was away were deduplicated by message id).
    expect(report.subjects).toEqual(await publishedBySubject(db));
    const { inbox, parked } = await inboxCounts(db);
    expect(parked).toBe(0);
    // Handled once by each consumer: its inbox (whose key makes a second handling impossible
    // to commit) holds exactly the events of the types it handles.
    expect(consumerMismatches(report, inbox)).toEqual([]);
    const ledgerEvents = (type: string) => report.subjects[`pfs.ledger.${type}`] ?? 0;
    expect(ledgerEvents('transaction.created')).toBeGreaterThanOrEqual(traffic.written.length);
    expect(await lostWrites(db, traffic)).toEqual([]);
    recordFigures(
      'faults',
      `NATS outage ${NATS_OUTAGE_MS} ms: ${writesDuring} writes during it, outbox backlog ${JSON.stringify(backlog)}, ` +
        `drained ${drainedAfter} ms after the restart (${Date.now() - restartedAt} ms incl. consumers); ` +
        `stream ${JSON.stringify(report.subjects)}; inbox ${JSON.stringify(inbox)}`,
    );
  }, 300_000);
});
