/**
 * Deployment manifests, all offline:
 * - renders the kustomize overlays with kubectl (dev, production, production-monitoring, and
 *   production plus the llm-egress component) and checks pod hardening (the "restricted" Pod
 *   Security Standard, for the bundled servers too), probes, resources, the NetworkPolicy call
 *   graph, the dev overlay's own PostgreSQL / NATS / MinIO / Redis and the settings pointing at
 *   them, production's Ingress and managed services;
 * - validates every rendered object against the Kubernetes OpenAPI schemas with the
 *   `kubernetes-models` packages (tools/testing/k8s-validate.mjs, a child process: the
 *   packages are ES modules only);
 * - keeps the Helm chart in step without helm: charts/pfs/values.yaml must describe the same
 *   components as the kustomize render (names, ports, kinds and probes, commands, env names,
 *   Secret keys, call graph, dependencies' egress, replicas, autoscaling, resources, the
 *   bundled servers' images), and must fit values.schema.json (checked with ajv).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import Ajv from 'ajv';
import { parseAllDocuments, parse as parseYaml } from 'yaml';

const ROOT = join(__dirname, '..', '..', '..', '..');
const CHART = join(ROOT, 'charts', 'pfs');
const VALIDATOR = join(ROOT, 'tools', 'testing', 'k8s-validate.mjs');

/* eslint-disable @typescript-eslint/no-explicit-any */
type Obj = Record<string, any>;

const SERVICES: Record<string, number> = {
  identity: 50051,
  ledger: 50052,
  categorization: 50053,
  bills: 50054,
  tax: 50055,
  documents: 50056,
  assistant: 50057,
  webhooks: 50058,
};
const GATEWAY_PORT = 8080;
const DEPLOYABLES = ['gateway', ...Object.keys(SERVICES)].sort();
/**
 * The only service-to-service calls (callee names per caller); every other edge is the
 * gateway's, which calls all eight. bills reads the ledger's transactions (pattern detection,
 * autopay); the custom rules (docs/adr/010-rules-engine.md) add ledger and bills →
 * categorization (rules on every write) and categorization → ledger and bills (rule runs);
 * documents matches and commits receipts against the ledger with categorization's categories;
 * the assistant's tools act through the services that own the data. The graph has cycles
 * (ledger ⇄ categorization, bills ⇄ categorization): nothing here may assume a DAG.
 */
const SERVICE_CALLS: Record<string, string[]> = {
  ledger: ['categorization'],
  bills: ['ledger', 'categorization'],
  categorization: ['ledger', 'bills'],
  documents: ['ledger', 'categorization'],
  assistant: ['ledger', 'categorization', 'bills', 'tax', 'documents'],
};
/** Egress ports to infrastructure (no podSelector peer), per component, in the base. */
const INFRA_PORTS: Record<string, number[]> = {
  gateway: [6379],
  ...Object.fromEntries(Object.keys(SERVICES).map((s) => [s, [4222, 5432]])),
  documents: [4222, 5432, 9000],
  webhooks: [443, 4222, 5432],
};
/** Ranges a public-only egress rule must never reach. */
const PRIVATE_RANGES = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '169.254.0.0/16',
  '127.0.0.0/8',
  '100.64.0.0/10',
];
const BUNDLED = ['minio', 'nats', 'postgres', 'redis'];

function kubectlAvailable(): boolean {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function kustomize(dir: string): Obj[] {
  const out = execFileSync('kubectl', ['kustomize', dir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return parseAllDocuments(out)
    .map((d) => d.toJS() as Obj | null)
    .filter((d): d is Obj => d !== null);
}
const renders = new Map<string, Obj[]>();
function render(overlay: string): Obj[] {
  if (!renders.has(overlay)) renders.set(overlay, kustomize(join(ROOT, 'k8s', overlay)));
  return renders.get(overlay)!;
}
/** An overlay made on the fly: `resources` plus `components`, paths relative to k8s/. */
function renderWith(resources: string[], components: string[]): Obj[] {
  const dir = mkdtempSync(join(tmpdir(), 'pfs-kustomize-'));
  try {
    const rel = (p: string) => relative(dir, join(ROOT, 'k8s', p));
    writeFileSync(
      join(dir, 'kustomization.yaml'),
      [
        'apiVersion: kustomize.config.k8s.io/v1beta1',
        'kind: Kustomization',
        'resources:',
        ...resources.map((r) => `  - ${rel(r)}`),
        'components:',
        ...components.map((c) => `  - ${rel(c)}`),
        '',
      ].join('\n'),
    );
    return kustomize(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Results of tools/testing/k8s-validate.mjs for these objects, in order. */
function validate(objects: Obj[]): Obj[] {
  // kustomize folds long base64 values over several lines; the API server's decoder (Go's
  // encoding/base64) ignores \r and \n, so the schema's "byte" format is checked without them.
  const unfolded = objects.map((o) =>
    o.kind === 'Secret' && o.data
      ? {
          ...o,
          data: Object.fromEntries(
            Object.entries(o.data as Record<string, string>).map(([k, v]) => [
              k,
              v.replace(/[\r\n]/g, ''),
            ]),
          ),
        }
      : o,
  );
  const out = execFileSync(process.execPath, [VALIDATOR], {
    input: JSON.stringify(unfolded),
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return JSON.parse(out) as Obj[];
}

const ofKind = (docs: Obj[], kind: string) => docs.filter((d) => d.kind === kind);
const named = (docs: Obj[], kind: string, name: string) =>
  docs.find((d) => d.kind === kind && d.metadata.name === name);
const appName = (labels: Obj | undefined): string | undefined => labels?.['app.kubernetes.io/name'];
const workloads = (docs: Obj[]) =>
  docs.filter((d) => ['Deployment', 'StatefulSet', 'Job'].includes(d.kind));
const decode = (b64: string) => Buffer.from(b64.replace(/\s/g, ''), 'base64').toString('utf8');

/** Violations of the "restricted" Pod Security Standard (v1.27+) by one pod spec. */
function restrictedViolations(pod: Obj): string[] {
  const v: string[] = [];
  if (pod.hostNetwork || pod.hostPID || pod.hostIPC) v.push('host namespaces');
  const allowedVolumes = [
    'configMap',
    'csi',
    'downwardAPI',
    'emptyDir',
    'ephemeral',
    'persistentVolumeClaim',
    'projected',
    'secret',
  ];
  for (const vol of pod.volumes ?? []) {
    const type = Object.keys(vol).find((k) => k !== 'name');
    if (!type || !allowedVolumes.includes(type)) v.push(`volume ${vol.name}: ${type}`);
  }
  const podSc = pod.securityContext ?? {};
  for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
    const sc = c.securityContext ?? {};
    if (sc.privileged) v.push(`${c.name}: privileged`);
    if (sc.allowPrivilegeEscalation !== false) v.push(`${c.name}: allowPrivilegeEscalation`);
    if (!(sc.capabilities?.drop ?? []).includes('ALL'))
      v.push(`${c.name}: capabilities not dropped`);
    if ((sc.capabilities?.add ?? []).some((cap: string) => cap !== 'NET_BIND_SERVICE'))
      v.push(`${c.name}: capabilities added`);
    if ((sc.runAsNonRoot ?? podSc.runAsNonRoot) !== true) v.push(`${c.name}: runAsNonRoot`);
    if ((sc.runAsUser ?? podSc.runAsUser) === 0) v.push(`${c.name}: runAsUser 0`);
    const seccomp = (sc.seccompProfile ?? podSc.seccompProfile)?.type;
    if (!['RuntimeDefault', 'Localhost'].includes(seccomp)) v.push(`${c.name}: seccomp`);
    if ((c.ports ?? []).some((p: Obj) => p.hostPort)) v.push(`${c.name}: hostPort`);
  }
  return v;
}

/** Peers of NetworkPolicy rules as `from->to:port` edges between named pods. */
function edges(policies: Obj[]): { ingress: string[]; egress: string[] } {
  const ingress: string[] = [];
  const egress: string[] = [];
  const namesOf = (peer: Obj): string[] => {
    const direct = appName(peer.podSelector?.matchLabels);
    if (direct) return [direct];
    const expr = (peer.podSelector?.matchExpressions ?? []).find(
      (e: Obj) => e.key === 'app.kubernetes.io/name' && e.operator === 'In',
    );
    return expr ? expr.values : [];
  };
  for (const p of policies) {
    for (const self of namesOf({ podSelector: p.spec.podSelector })) {
      for (const rule of p.spec.ingress ?? [])
        for (const peer of rule.from ?? [])
          for (const from of namesOf(peer))
            for (const port of rule.ports) ingress.push(`${from}->${self}:${port.port}`);
      for (const rule of p.spec.egress ?? [])
        for (const peer of rule.to ?? [])
          for (const to of namesOf(peer))
            for (const port of rule.ports) egress.push(`${self}->${to}:${port.port}`);
    }
  }
  return { ingress: ingress.sort(), egress: egress.sort() };
}

/** The policy whose podSelector is exactly app.kubernetes.io/name=<name>. */
const policyOf = (docs: Obj[], name: string) =>
  ofKind(docs, 'NetworkPolicy').find((p) => appName(p.spec.podSelector?.matchLabels) === name)!;
/** Ports of the egress rules of `name` that name no pod (infrastructure, outside). */
const infraEgressPorts = (docs: Obj[], name: string): number[] =>
  (policyOf(docs, name).spec.egress as Obj[])
    .filter((r) => !(r.to ?? []).some((peer: Obj) => peer.podSelector))
    .flatMap((r) => r.ports.map((p: Obj) => p.port as number))
    .sort((a, b) => a - b);

/**
 * What a container is told: every env name (own env, and the keys of the ConfigMaps it takes
 * with envFrom), the plain values, and its Secret keys with whether each is optional.
 */
function containerEnv(docs: Obj[], c: Obj) {
  const names = new Set<string>();
  const values: Record<string, string> = {};
  const secrets: Record<string, 'required' | 'optional'> = {};
  for (const from of c.envFrom ?? []) {
    const cm = ofKind(docs, 'ConfigMap').find((m) => m.metadata.name === from.configMapRef?.name);
    if (!cm)
      throw new Error(`${c.name}: envFrom ConfigMap ${from.configMapRef?.name} not rendered`);
    for (const [k, v] of Object.entries(cm.data ?? {})) {
      names.add(k);
      values[k] = v as string;
    }
  }
  for (const e of c.env ?? []) {
    names.add(e.name);
    if (e.value !== undefined) values[e.name] = e.value;
    const ref = e.valueFrom?.secretKeyRef;
    if (ref) secrets[ref.key] = ref.optional ? 'optional' : 'required';
  }
  return { names: [...names].sort(), values, secrets };
}

const HAVE_KUBECTL = kubectlAvailable();
const describeKustomize = HAVE_KUBECTL ? describe : describe.skip;
if (!HAVE_KUBECTL) {
  console.warn(
    'manifests.test.ts: kubectl not found on PATH; skipping the kustomize render checks',
  );
}

describeKustomize(
  HAVE_KUBECTL ? 'kustomize overlays' : 'kustomize overlays (skipped: kubectl not found on PATH)',
  () => {
    describe.each(['overlays/dev', 'overlays/production', 'overlays/production-monitoring'])(
      'k8s/%s',
      (overlay) => {
        let docs: Obj[];
        beforeAll(() => {
          docs = render(overlay);
        });

        it('validates every object against the Kubernetes OpenAPI schemas (kubernetes-models)', () => {
          const results = validate(docs);
          expect(results).toHaveLength(docs.length);
          expect(results.filter((r) => !r.ok)).toEqual([]);
          // The check is real: a wrong type in a copy of a rendered Deployment is caught.
          const broken = structuredClone(ofKind(docs, 'Deployment')[0]);
          broken.spec.template.spec.containers[0].ports[0].containerPort = 'grpc';
          const [result] = validate([broken]);
          expect(result.ok).toBe(false);
          expect(result.error).toMatch(/containerPort/);
        });

        it('renders the nine deployables with a Service, ServiceAccount, PDB and NetworkPolicy each', () => {
          const names = ofKind(docs, 'Deployment')
            .map((d) => d.metadata.name)
            .sort();
          expect(names).toEqual(DEPLOYABLES);
          for (const kind of ['ServiceAccount', 'PodDisruptionBudget']) {
            expect({
              kind,
              names: ofKind(docs, kind)
                .map((d) => d.metadata.name)
                .sort(),
            }).toEqual({ kind, names });
          }
          const services = ofKind(docs, 'Service').map((d) => d.metadata.name as string);
          for (const name of names) expect(services).toContain(name);
          for (const name of names) expect(policyOf(docs, name)).toBeDefined();
        });

        it('keeps every pod within the restricted Pod Security Standard, in a namespace that enforces it', () => {
          const [ns] = ofKind(docs, 'Namespace');
          expect(ns.metadata.labels['pod-security.kubernetes.io/enforce']).toBe('restricted');
          for (const w of workloads(docs)) {
            const pod = w.spec.template.spec;
            expect({ workload: w.metadata.name, violations: restrictedViolations(pod) }).toEqual({
              workload: w.metadata.name,
              violations: [],
            });
            expect(pod.automountServiceAccountToken).toBe(false);
            for (const c of pod.containers)
              expect({ c: c.name, ro: c.securityContext.readOnlyRootFilesystem }).toEqual({
                c: c.name,
                ro: true,
              });
          }
        });

        it('hardens the app pods: uid 10001, an emptyDir on /tmp, a 30 s grace period', () => {
          for (const d of ofKind(docs, 'Deployment')) {
            const pod = d.spec.template.spec;
            expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001 });
            expect(pod.terminationGracePeriodSeconds).toBe(30);
            for (const c of pod.containers) {
              const tmp = c.volumeMounts.find((m: Obj) => m.mountPath === '/tmp');
              expect(tmp).toBeDefined();
              const volume = pod.volumes.find((v: Obj) => v.name === tmp.name);
              expect(volume.emptyDir).toBeDefined();
            }
          }
        });

        it('sets resource requests and limits on every container', () => {
          for (const w of workloads(docs)) {
            for (const c of w.spec.template.spec.containers) {
              for (const bound of ['requests', 'limits']) {
                expect(c.resources?.[bound]?.cpu).toBeDefined();
                expect(c.resources?.[bound]?.memory).toBeDefined();
              }
            }
          }
        });

        it('probes services with native gRPC and the gateway with httpGet; each knows only its callees', () => {
          for (const d of ofKind(docs, 'Deployment')) {
            const name = d.metadata.name as string;
            const [c] = d.spec.template.spec.containers;
            expect(c.livenessProbe).toBeDefined();
            expect(c.readinessProbe).toBeDefined();
            expect(c.startupProbe).toBeDefined();
            expect(c.lifecycle.preStop.exec.command[0]).toBe('sleep');
            expect(c.command).toEqual(
              name === 'gateway'
                ? ['node', 'gateway/dist/src/main.js']
                : ['node', `services/${name}/dist/src/main.js`],
            );
            if (name === 'gateway') {
              expect(c.livenessProbe.httpGet.path).toBe('/healthz');
              expect(c.readinessProbe.httpGet.path).toBe('/healthz');
              expect(d.spec.template.metadata.annotations['prometheus.io/scrape']).toBe('true');
              const env = containerEnv(docs, c);
              for (const [service, port] of Object.entries(SERVICES))
                expect(env.values[`${service.toUpperCase()}_GRPC_URL`]).toBe(`${service}:${port}`);
              continue;
            }
            expect(c.livenessProbe.grpc.port).toBe(SERVICES[name]);
            expect(c.readinessProbe.grpc.port).toBe(SERVICES[name]);
            expect(c.ports[0].containerPort).toBe(SERVICES[name]);
            const env = containerEnv(docs, c);
            expect(env.values.GRPC_PORT).toBe(String(SERVICES[name]));
            const urls = Object.fromEntries(
              Object.entries(env.values).filter(([k]) => k.endsWith('_GRPC_URL')),
            );
            expect({ name, urls }).toEqual({
              name,
              urls: Object.fromEntries(
                (SERVICE_CALLS[name] ?? []).map((callee) => [
                  `${callee.toUpperCase()}_GRPC_URL`,
                  `${callee}:${SERVICES[callee]}`,
                ]),
              ),
            });
            expect(env.secrets.DATABASE_URL).toBe('required');
            expect(env.names).toContain('NATS_URL');
          }
        });

        it('gives documents its object store, the assistant and the classifier their optional model', () => {
          const env = (name: string) =>
            containerEnv(docs, named(docs, 'Deployment', name).spec.template.spec.containers[0]);
          const documents = env('documents');
          for (const key of ['MINIO_ENDPOINT', 'MINIO_BUCKET', 'MINIO_USE_SSL'])
            expect(documents.values[key]).toBeTruthy();
          expect(documents.secrets).toMatchObject({
            MINIO_ACCESS_KEY: 'required',
            MINIO_SECRET_KEY: 'required',
          });
          for (const name of ['assistant', 'categorization']) {
            const e = env(name);
            expect(e.names).toEqual(expect.arrayContaining(['LLM_BASE_URL', 'LLM_MODEL']));
            expect(e.secrets.LLM_API_KEY).toBe('optional');
          }
          expect(env('gateway').values.REDIS_URL).toMatch(/^rediss?:\/\//);
        });

        it('denies all traffic by default and allows DNS', () => {
          const policies = ofKind(docs, 'NetworkPolicy');
          const deny = policies.find(
            (p) =>
              Object.keys(p.spec.podSelector ?? {}).length === 0 &&
              [...p.spec.policyTypes].sort().join() === 'Egress,Ingress' &&
              !p.spec.ingress?.length &&
              !p.spec.egress?.length,
          );
          expect(deny).toBeDefined();
          const dns = policies.find((p) =>
            (p.spec.egress ?? []).some((rule: Obj) =>
              (rule.ports ?? []).some((port: Obj) => port.port === 53 && port.protocol === 'UDP'),
            ),
          );
          expect(dns).toBeDefined();
        });

        it('allows exactly the call graph between the app components', () => {
          const appPolicies = ofKind(docs, 'NetworkPolicy').filter((p) =>
            DEPLOYABLES.includes(appName(p.spec.podSelector?.matchLabels) ?? ''),
          );
          const { ingress, egress } = edges(appPolicies);
          const expected = [
            ...Object.entries(SERVICES).map(([name, port]) => `gateway->${name}:${port}`),
            ...Object.entries(SERVICE_CALLS).flatMap(([caller, callees]) =>
              callees.map((callee) => `${caller}->${callee}:${SERVICES[callee]}`),
            ),
          ].sort();
          expect(expected).toEqual(
            expect.arrayContaining([
              'bills->ledger:50052',
              'bills->categorization:50053',
              // The rules engine's cycle: both directions are allowed, each on the callee's port.
              'ledger->categorization:50053',
              'categorization->ledger:50052',
              'categorization->bills:50054',
              'documents->ledger:50052',
              'assistant->documents:50056',
              'gateway->webhooks:50058',
            ]),
          );
          expect(ingress.filter((e) => DEPLOYABLES.includes(e.split('->')[0]))).toEqual(expected);
          expect(
            egress.filter((e) => DEPLOYABLES.includes(e.split('->')[1].split(':')[0])),
          ).toEqual(expected);
          const gatewayIngressPorts = (policyOf(docs, 'gateway').spec.ingress as Obj[]).flatMap(
            (r) => r.ports.map((p: Obj) => p.port),
          );
          expect(new Set(gatewayIngressPorts)).toEqual(new Set([GATEWAY_PORT]));
          for (const name of DEPLOYABLES.filter((n) => n !== 'documents')) {
            expect({ name, ports: infraEgressPorts(docs, name) }).toEqual({
              name,
              ports: INFRA_PORTS[name],
            });
          }
        });

        it('lets webhooks out to public addresses on 443 only, and no other component anywhere', () => {
          const rules = (policyOf(docs, 'webhooks').spec.egress as Obj[]).filter((r) =>
            (r.to ?? []).some((peer: Obj) => peer.ipBlock),
          );
          expect(rules).toHaveLength(1);
          expect(rules[0].ports).toEqual([{ port: 443, protocol: 'TCP' }]);
          const v4 = rules[0].to.find((peer: Obj) => peer.ipBlock.cidr === '0.0.0.0/0');
          expect(v4.ipBlock.except).toEqual(expect.arrayContaining(PRIVATE_RANGES));
          const v6 = rules[0].to.find((peer: Obj) => peer.ipBlock.cidr === '::/0');
          expect(v6.ipBlock.except).toEqual(expect.arrayContaining(['fc00::/7', 'fe80::/10']));
          for (const p of ofKind(docs, 'NetworkPolicy')) {
            if (['webhooks', 'documents'].includes(appName(p.spec.podSelector?.matchLabels) ?? ''))
              continue;
            for (const rule of p.spec.egress ?? [])
              for (const peer of rule.to ?? [])
                expect({ policy: p.metadata.name, ipBlock: peer.ipBlock }).toEqual({
                  policy: p.metadata.name,
                  ipBlock: undefined,
                });
          }
        });
      },
    );

    describe('k8s/overlays/dev: self-contained', () => {
      const docs = () => render('overlays/dev');

      it('runs one replica of each component and no autoscaler', () => {
        for (const d of ofKind(docs(), 'Deployment')) expect(d.spec.replicas).toBe(1);
        expect(ofKind(docs(), 'HorizontalPodAutoscaler')).toHaveLength(0);
      });

      it('brings PostgreSQL, NATS with JetStream, MinIO and Redis as StatefulSets with volume claims', () => {
        const sets = ofKind(docs(), 'StatefulSet');
        expect(sets.map((s) => s.metadata.name).sort()).toEqual(BUNDLED);
        for (const s of sets) {
          expect(s.spec.replicas).toBe(1);
          expect(s.spec.volumeClaimTemplates).toHaveLength(1);
          const claim = s.spec.volumeClaimTemplates[0];
          expect(claim.spec.resources.requests.storage).toMatch(/^\d+Gi$/);
          const [c] = s.spec.template.spec.containers;
          expect(c.volumeMounts.map((m: Obj) => m.name)).toContain(claim.metadata.name);
          expect(c.readinessProbe).toBeDefined();
          expect(c.livenessProbe).toBeDefined();
          expect(c.image).toMatch(/:[\w][\w.-]*$/);
          expect(c.image).not.toMatch(/:latest$/);
          const service = named(docs(), 'Service', s.metadata.name);
          expect(service.spec.selector).toEqual(s.spec.selector.matchLabels);
          expect(s.spec.serviceName).toBe(service.metadata.name);
        }
        const nats = named(docs(), 'StatefulSet', 'nats').spec.template.spec.containers[0];
        expect(nats.args).toEqual(expect.arrayContaining(['--jetstream', '--store_dir', '/data']));
        expect(nats.readinessProbe.httpGet.path).toBe('/healthz?js-enabled-only=true');
      });

      it('points every setting at the bundled servers, with matching credentials', () => {
        const d = docs();
        const secret = named(d, 'Secret', 'pfs-secrets');
        const secretValue = (key: string) => decode(secret.data[key]);
        /** The Service and port a host:port names must exist in this render. */
        const expectService = (host: string, port: number) => {
          const service = named(d, 'Service', host);
          expect({ host, port, exists: Boolean(service) }).toEqual({ host, port, exists: true });
          expect(service.spec.ports.map((p: Obj) => p.port)).toContain(port);
        };
        const envOf = (name: string) =>
          containerEnv(d, named(d, 'Deployment', name).spec.template.spec.containers[0]);

        const db = new URL(secretValue('DATABASE_URL'));
        expectService(db.hostname, Number(db.port));
        const postgres = named(d, 'StatefulSet', 'postgres').spec.template.spec.containers[0];
        const pgEnv = Object.fromEntries(postgres.env.map((e: Obj) => [e.name, e]));
        expect(db.username).toBe(pgEnv.POSTGRES_USER.value);
        expect(db.pathname).toBe(`/${pgEnv.POSTGRES_DB.value}`);
        expect(pgEnv.POSTGRES_PASSWORD.valueFrom.secretKeyRef).toMatchObject({
          name: 'pfs-secrets',
        });
        expect(decodeURIComponent(db.password)).toBe(
          secretValue(pgEnv.POSTGRES_PASSWORD.valueFrom.secretKeyRef.key),
        );

        for (const name of Object.keys(SERVICES)) {
          const nats = new URL(envOf(name).values.NATS_URL);
          expect(nats.protocol).toBe('nats:');
          expectService(nats.hostname, Number(nats.port));
        }
        const redis = new URL(envOf('gateway').values.REDIS_URL);
        expectService(redis.hostname, Number(redis.port));

        const documents = envOf('documents');
        const [minioHost, minioPort] = documents.values.MINIO_ENDPOINT.split(':');
        expectService(minioHost, Number(minioPort));
        expect(documents.values.MINIO_USE_SSL).toBe('false');
        const minio = named(d, 'StatefulSet', 'minio').spec.template.spec.containers[0];
        const rootKeys = Object.fromEntries(
          minio.env
            .filter((e: Obj) => e.valueFrom?.secretKeyRef)
            .map((e: Obj) => [e.name, e.valueFrom.secretKeyRef.key]),
        );
        expect(rootKeys).toEqual({
          MINIO_ROOT_USER: 'MINIO_ACCESS_KEY',
          MINIO_ROOT_PASSWORD: 'MINIO_SECRET_KEY',
        });
        expect(secretValue('MINIO_SECRET_KEY').length).toBeGreaterThanOrEqual(8);
      });

      it('creates the documents bucket with a Job running the chart’s own script', () => {
        const job = named(docs(), 'Job', 'minio-bucket');
        const [c] = job.spec.template.spec.containers;
        expect(c.image).toBe('pfs:dev');
        expect(c.command.slice(0, 2)).toEqual(['node', '-e']);
        expect(c.command[2]).toBe(readFileSync(join(CHART, 'files', 'create-bucket.js'), 'utf8'));
        expect(c.envFrom).toEqual([
          { configMapRef: { name: expect.stringMatching(/^pfs-object-store/) } },
        ]);
      });

      it('lets exactly the app reach the bundled servers, and the servers nothing', () => {
        const d = docs();
        const infraPolicies = BUNDLED.map((n) => policyOf(d, n));
        const { ingress } = edges(infraPolicies);
        expect(ingress).toEqual(
          [
            ...Object.keys(SERVICES).flatMap((s) => [`${s}->postgres:5432`, `${s}->nats:4222`]),
            'gateway->redis:6379',
            'documents->minio:9000',
            'minio-bucket->minio:9000',
          ].sort(),
        );
        for (const p of infraPolicies) expect(p.spec.egress ?? []).toEqual([]);
        expect(edges([policyOf(d, 'minio-bucket')]).egress).toEqual(['minio-bucket->minio:9000']);
      });
    });

    describe('k8s/overlays/production: managed services, TLS, pinned image', () => {
      const docs = () => render('overlays/production');

      it('runs 3 gateways, 2 of each service, a pinned image and no example Secret', () => {
        for (const d of ofKind(docs(), 'Deployment')) {
          expect(d.spec.replicas).toBe(d.metadata.name === 'gateway' ? 3 : 2);
          const image = d.spec.template.spec.containers[0].image as string;
          expect(image).toMatch(/(:[\w][\w.-]*|@sha256:[a-f0-9]{64})$/);
          expect(image).not.toMatch(/:latest$/);
        }
        const hpas = ofKind(docs(), 'HorizontalPodAutoscaler');
        expect(hpas.map((h) => [h.metadata.name, h.spec.minReplicas]).sort()).toEqual([
          ['documents', 2],
          ['gateway', 3],
          ['ledger', 2],
        ]);
        expect(ofKind(docs(), 'Secret')).toHaveLength(0);
      });

      it('bundles no servers: PostgreSQL, NATS, Redis and S3 are named by configuration', () => {
        expect(ofKind(docs(), 'StatefulSet')).toHaveLength(0);
        expect(ofKind(docs(), 'Job')).toHaveLength(0);
        const services = ofKind(docs(), 'Service').map((s) => s.metadata.name);
        for (const server of BUNDLED) expect(services).not.toContain(server);
        const env = (name: string) =>
          containerEnv(docs(), named(docs(), 'Deployment', name).spec.template.spec.containers[0]);
        expect(new URL(env('ledger').values.NATS_URL).hostname).toMatch(/\./);
        expect(new URL(env('gateway').values.REDIS_URL).hostname).toMatch(/\./);
        expect(env('gateway').values.COOKIE_SECURE).toBe('true');
        const documents = env('documents');
        expect(documents.values.MINIO_USE_SSL).toBe('true');
        expect(documents.values.MINIO_ENDPOINT).toMatch(/\./);
        // S3 over TLS: the documents egress rule moved from MinIO's 9000 to 443.
        expect(infraEgressPorts(docs(), 'documents')).toEqual([443, 4222, 5432]);
      });

      it('serves the gateway through an Ingress with TLS', () => {
        const [ingress] = ofKind(docs(), 'Ingress');
        expect(ingress.spec.tls[0].secretName).toBeTruthy();
        expect(ingress.spec.tls[0].hosts).toEqual([ingress.spec.rules[0].host]);
        const backend = ingress.spec.rules[0].http.paths[0].backend.service;
        const service = named(docs(), 'Service', backend.name);
        expect(service.spec.ports.map((p: Obj) => p.name)).toContain(backend.port.name);
        expect(backend.name).toBe('gateway');
      });

      it('sends /mcp by its Mcp-Session-Id to one gateway replica, and takes 10 uploads of 20 MB', () => {
        const [main, mcp] = ofKind(docs(), 'Ingress');
        expect(
          Number.parseInt(main.metadata.annotations['nginx.ingress.kubernetes.io/proxy-body-size']),
        ).toBeGreaterThanOrEqual(200);
        expect(mcp.metadata.name).toBe('gateway-mcp');
        expect(mcp.spec.rules[0].http.paths).toEqual([
          { path: '/mcp', pathType: 'Exact', backend: main.spec.rules[0].http.paths[0].backend },
        ]);
        expect(mcp.metadata.annotations['nginx.ingress.kubernetes.io/upstream-hash-by']).toBe(
          '$http_mcp_session_id',
        );
        // The chart renders the same second Ingress from the same annotation.
        const chart = parseYaml(readFileSync(join(CHART, 'values.yaml'), 'utf8')) as Obj;
        expect(chart.ingress.mcpAnnotations['nginx.ingress.kubernetes.io/upstream-hash-by']).toBe(
          '$http_mcp_session_id',
        );
        expect(readFileSync(join(CHART, 'templates', 'ingress.yaml'), 'utf8')).toMatch(
          /name: \{\{ \$name \}\}-mcp[\s\S]*path: \/mcp\s+pathType: Exact/,
        );
      });

      it('has no ServiceMonitor unless the monitoring overlay adds one (the CRD may be missing)', () => {
        expect(ofKind(docs(), 'ServiceMonitor')).toHaveLength(0);
        const monitored = render('overlays/production-monitoring');
        const [monitor] = ofKind(monitored, 'ServiceMonitor');
        expect(monitor.metadata.namespace).toBe('pfs');
        const service = named(monitored, 'Service', 'gateway');
        expect(monitor.spec.selector.matchLabels).toEqual(
          expect.objectContaining({ 'app.kubernetes.io/name': 'gateway' }),
        );
        for (const [k, v] of Object.entries(monitor.spec.selector.matchLabels))
          expect(service.metadata.labels[k]).toBe(v);
        expect(monitor.spec.endpoints[0]).toMatchObject({ port: 'http', path: '/metrics' });
      });

      it('opens a public 443 egress for the assistant and the classifier with the llm-egress component', () => {
        const withLlm = renderWith(['overlays/production'], ['components/llm-egress']);
        expect(validate(withLlm).filter((r) => !r.ok)).toEqual([]);
        const policy = named(withLlm, 'NetworkPolicy', 'llm-egress');
        expect(policy.spec.podSelector.matchExpressions[0].values.sort()).toEqual([
          'assistant',
          'categorization',
        ]);
        expect(policy.spec.egress[0].ports).toEqual([{ port: 443, protocol: 'TCP' }]);
        expect(policy.spec.egress[0].to).toEqual(
          (policyOf(withLlm, 'webhooks').spec.egress as Obj[]).find((r) =>
            (r.to ?? []).some((peer: Obj) => peer.ipBlock),
          ).to,
        );
      });
    });

    describe('charts/pfs in step with the kustomize manifests', () => {
      const values = parseYaml(readFileSync(join(CHART, 'values.yaml'), 'utf8')) as Obj;
      const components = values.components as Record<string, Obj>;
      const base = () => render('base');
      const production = () => render('overlays/production');

      it('has the same components, kinds, ports, probes, commands and call graph as k8s/base', () => {
        expect(Object.keys(components).sort()).toEqual(
          ofKind(base(), 'Deployment')
            .map((d) => d.metadata.name)
            .sort(),
        );
        const chartEdges: string[] = [];
        const renderedEdges = edges(ofKind(base(), 'NetworkPolicy')).egress.filter((e) =>
          DEPLOYABLES.includes(e.split('->')[1].split(':')[0]),
        );
        for (const [name, c] of Object.entries(components)) {
          expect(c.enabled).toBe(true);
          const d = named(base(), 'Deployment', name);
          const [container] = d.spec.template.spec.containers;
          const service = named(base(), 'Service', name);
          expect({ name, kind: c.kind, port: c.port, command: c.command }).toEqual({
            name,
            kind: container.ports[0].name,
            port: container.ports[0].containerPort,
            command: container.command,
          });
          expect(service.spec.ports[0]).toMatchObject({ port: c.port, name: c.kind });
          expect(Object.keys(container.readinessProbe)).toContain(
            c.kind === 'grpc' ? 'grpc' : 'httpGet',
          );
          for (const callee of c.calls ?? [])
            chartEdges.push(`${name}->${callee}:${components[callee].port}`);
          // Dependencies' egress: the ports (and peers) of the rules that name no pod.
          const depPorts = (c.uses ?? [])
            .map((u: string) => values.dependencies[u])
            .filter((dep: Obj) => dep.egress !== false)
            .map((dep: Obj) => dep.port as number)
            .sort((a: number, b: number) => a - b);
          expect({ name, ports: depPorts }).toEqual({
            name,
            ports: infraEgressPorts(base(), name),
          });
          const tmp = d.spec.template.spec.volumes.find((v: Obj) => v.name === 'tmp');
          expect({ name, tmp: c.tmpSizeLimit ?? '64Mi' }).toEqual({
            name,
            tmp: tmp.emptyDir.sizeLimit,
          });
        }
        expect(chartEdges.sort()).toEqual(renderedEdges);
        // The chart's public-address block is the one the webhooks policy renders.
        const webhooksPublic = (policyOf(base(), 'webhooks').spec.egress as Obj[]).find((r) =>
          (r.to ?? []).some((peer: Obj) => peer.ipBlock),
        );
        expect(values.dependencies.internet.to).toEqual(webhooksPublic.to);
        expect(values.dependencies.llm.to).toEqual(webhooksPublic.to);
        expect(values.networkPolicy.ingressFrom).toEqual(
          (policyOf(base(), 'gateway').spec.ingress as Obj[])[0].from,
        );
      });

      it('tells each component the same env names and Secret keys as the production overlay', () => {
        for (const [name, c] of Object.entries(components)) {
          const container = named(production(), 'Deployment', name).spec.template.spec
            .containers[0];
          const rendered = containerEnv(production(), container);
          const names = new Set<string>([c.kind === 'http' ? 'PORT' : 'GRPC_PORT', 'LOG_LEVEL']);
          const secrets: Record<string, string> = { ...(c.secretEnv ?? {}) };
          for (const callee of c.calls ?? []) names.add(`${callee.toUpperCase()}_GRPC_URL`);
          for (const key of Object.keys(c.env ?? {})) names.add(key);
          for (const u of c.uses ?? []) {
            const dep = values.dependencies[u];
            for (const key of Object.keys(dep.env ?? {})) names.add(key);
            Object.assign(secrets, dep.secretEnv ?? {});
          }
          for (const key of Object.keys(secrets)) names.add(key);
          expect({ name, env: [...names].sort() }).toEqual({ name, env: rendered.names });
          expect({ name, secrets }).toEqual({ name, secrets: rendered.secrets });
          // The chart's defaults name the in-cluster Services, as the base's ConfigMaps do.
          const baseEnv = containerEnv(
            base(),
            named(base(), 'Deployment', name).spec.template.spec.containers[0],
          );
          for (const u of c.uses ?? [])
            for (const [key, value] of Object.entries(values.dependencies[u].env ?? {}))
              expect({ name, key, value }).toEqual({ name, key, value: baseEnv.values[key] });
        }
      });

      it('sizes the components as the production overlay does (replicas, autoscaling, resources, PDBs)', () => {
        const hpas = ofKind(production(), 'HorizontalPodAutoscaler');
        for (const [name, c] of Object.entries(components)) {
          const d = named(production(), 'Deployment', name);
          expect({ name, replicas: c.replicas }).toEqual({ name, replicas: d.spec.replicas });
          const hpa = hpas.find((h) => h.metadata.name === name);
          expect({ name, autoscaling: c.autoscaling.enabled }).toEqual({
            name,
            autoscaling: Boolean(hpa),
          });
          if (hpa) {
            expect({
              name,
              min: c.autoscaling.minReplicas,
              max: c.autoscaling.maxReplicas,
            }).toEqual({ name, min: hpa.spec.minReplicas, max: hpa.spec.maxReplicas });
            expect(c.autoscaling.targetCPUUtilizationPercentage).toBe(
              hpa.spec.metrics[0].resource.target.averageUtilization,
            );
          }
          const norm = (r: Obj) =>
            JSON.parse(JSON.stringify(r, (_k, v) => (typeof v === 'number' ? String(v) : v)));
          expect({ name, resources: norm(c.resources) }).toEqual({
            name,
            resources: norm(d.spec.template.spec.containers[0].resources),
          });
          const pdb = named(production(), 'PodDisruptionBudget', name);
          expect(pdb.spec.maxUnavailable).toBe(values.podDisruptionBudget.maxUnavailable);
          expect(d.spec.template.spec.terminationGracePeriodSeconds).toBe(
            values.terminationGracePeriodSeconds,
          );
          expect(d.spec.template.spec.containers[0].lifecycle.preStop.exec.command).toEqual([
            'sleep',
            String(values.preStopSleepSeconds),
          ]);
        }
      });

      it('bundles the same servers, images and volume sizes as k8s/components/bundled-infra', () => {
        const dev = render('overlays/dev');
        const bundled = values.bundled as Obj;
        expect(bundled.enabled).toBe(false);
        for (const server of BUNDLED) {
          const set = named(dev, 'StatefulSet', server);
          expect({ server, image: bundled[server].image }).toEqual({
            server,
            image: set.spec.template.spec.containers[0].image,
          });
          expect(bundled[server].storage).toBe(
            set.spec.volumeClaimTemplates[0].spec.resources.requests.storage,
          );
        }
        const template = readFileSync(join(CHART, 'templates', 'bundled.yaml'), 'utf8');
        for (const server of BUNDLED) expect(template).toContain(`"name" "${server}"`);
        expect(template).toContain('$.Files.Get "files/create-bucket.js"');
        const monitor = readFileSync(join(CHART, 'templates', 'servicemonitor.yaml'), 'utf8');
        expect(monitor).toContain('.Capabilities.APIVersions.Has "monitoring.coreos.com/v1"');
      });
    });
  },
);

describe('charts/pfs', () => {
  const schema = JSON.parse(readFileSync(join(CHART, 'values.schema.json'), 'utf8')) as Obj;
  const values = parseYaml(readFileSync(join(CHART, 'values.yaml'), 'utf8')) as Obj;
  const ajv = new Ajv({ allErrors: true, strict: false });
  const check = ajv.compile(schema);

  it('has values that fit its strict schema, and the schema rejects a misspelt key', () => {
    expect(check(values) ? [] : check.errors).toEqual([]);
    const misspelt = structuredClone(values);
    misspelt.components.ledger.replica = 2;
    expect(check(misspelt)).toBe(false);
    const badSecretMode = structuredClone(values);
    badSecretMode.dependencies.postgres.secretEnv.DATABASE_URL = 'maybe';
    expect(check(badSecretMode)).toBe(false);
    const noBundled = structuredClone(values);
    delete noBundled.bundled;
    expect(check(noBundled)).toBe(false);
  });

  it('closes every object the schema defines (additionalProperties false wherever properties are listed)', () => {
    const open: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (!node || typeof node !== 'object') return;
      const n = node as Obj;
      if ((n.properties || n.patternProperties) && n.additionalProperties !== false)
        open.push(path);
      for (const [k, v] of Object.entries(n)) walk(v, `${path}/${k}`);
    };
    walk(schema, '#');
    expect(open).toEqual([]);
  });

  it('enables every deployable, the gateway calling all eight services', () => {
    expect(Object.keys(values.components).sort()).toEqual(DEPLOYABLES);
    for (const name of DEPLOYABLES) expect(values.components[name].enabled).toBe(true);
    expect([...values.components.gateway.calls].sort()).toEqual(Object.keys(SERVICES).sort());
    for (const name of Object.keys(SERVICES)) {
      expect({ name, calls: [...(values.components[name].calls ?? [])].sort() }).toEqual({
        name,
        calls: [...(SERVICE_CALLS[name] ?? [])].sort(),
      });
      expect(values.components[name].port).toBe(SERVICES[name]);
    }
  });

  it('has one looping template per kind of object and balanced template actions', () => {
    const dir = join(CHART, 'templates');
    const files = readdirSync(dir).filter((f) => /\.(ya?ml|tpl|txt)$/.test(f));
    for (const perComponent of [
      'deployment.yaml',
      'service.yaml',
      'networkpolicy.yaml',
      'ingress.yaml',
      'servicemonitor.yaml',
    ]) {
      expect(readFileSync(join(dir, perComponent), 'utf8')).toContain(
        'range $name, $c := .Values.components',
      );
    }
    for (const file of files) {
      const text = readFileSync(join(dir, file), 'utf8');
      const unbalancedBraces = text.split('{{').length - text.split('}}').length;
      expect({ file, unbalancedBraces }).toEqual({ file, unbalancedBraces: 0 });
      const stack: string[] = [];
      for (const match of text.matchAll(/\{\{-?\s*(.*?)\s*-?\}\}/gs)) {
        const word = match[1].split(/[\s(]/)[0];
        if (['if', 'range', 'with', 'define'].includes(word)) stack.push(word);
        else if (word === 'end')
          expect({ file, unexpectedEnd: stack.pop() === undefined }).toEqual({
            file,
            unexpectedEnd: false,
          });
      }
      expect({ file, unclosed: stack }).toEqual({ file, unclosed: [] });
    }
  });
});
