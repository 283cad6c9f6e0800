/**
 * Deployment manifests: renders both kustomize overlays with kubectl and checks the pod
 * hardening, probes, resources and NetworkPolicies; checks the Helm chart's values against its
 * strict schema's shape, and its templates for balanced actions (helm itself is not required).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, parse as parseYaml } from 'yaml';

const ROOT = join(__dirname, '..', '..', '..', '..');
const CHART = join(ROOT, 'charts', 'pfs');

/* eslint-disable @typescript-eslint/no-explicit-any */
type Obj = Record<string, any>;

const SERVICES: Record<string, number> = {
  identity: 50051,
  ledger: 50052,
  categorization: 50053,
  bills: 50054,
  tax: 50055,
};
const GATEWAY_PORT = 8080;
/**
 * The only service-to-service calls (callee names per caller); every other edge is the
 * gateway's. bills reads the ledger's transactions (pattern detection, autopay); the custom
 * rules (docs/adr/010-rules-engine.md) add ledger and bills → categorization (rules on every
 * write) and categorization → ledger and bills (rule runs). The graph has cycles
 * (ledger ⇄ categorization, bills ⇄ categorization): nothing here may assume a DAG.
 */
const SERVICE_CALLS: Record<string, string[]> = {
  ledger: ['categorization'],
  bills: ['ledger', 'categorization'],
  categorization: ['ledger', 'bills'],
};

function kubectlAvailable(): boolean {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function render(overlay: string): Obj[] {
  const out = execFileSync('kubectl', ['kustomize', join(ROOT, 'k8s', 'overlays', overlay)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return parseAllDocuments(out)
    .map((d) => d.toJS() as Obj | null)
    .filter((d): d is Obj => d !== null);
}

const ofKind = (docs: Obj[], kind: string) => docs.filter((d) => d.kind === kind);
const appName = (labels: Obj | undefined): string | undefined => labels?.['app.kubernetes.io/name'];

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
    describe.each(['dev', 'production'])('k8s/overlays/%s', (overlay) => {
      let docs: Obj[];
      beforeAll(() => {
        docs = render(overlay);
      });

      it('renders the six deployables with a Service each', () => {
        const names = ofKind(docs, 'Deployment')
          .map((d) => d.metadata.name)
          .sort();
        expect(names).toEqual(['bills', 'categorization', 'gateway', 'identity', 'ledger', 'tax']);
        const services = ofKind(docs, 'Service')
          .map((d) => d.metadata.name)
          .sort();
        expect(services).toEqual(names);
        expect(
          ofKind(docs, 'PodDisruptionBudget')
            .map((d) => d.metadata.name)
            .sort(),
        ).toEqual(names);
      });

      it('hardens every pod: non-root uid 10001, read-only root FS, no capabilities, RuntimeDefault seccomp', () => {
        for (const d of ofKind(docs, 'Deployment')) {
          const pod = d.spec.template.spec;
          expect(pod.securityContext).toMatchObject({
            runAsNonRoot: true,
            runAsUser: 10001,
            seccompProfile: { type: 'RuntimeDefault' },
          });
          expect(pod.automountServiceAccountToken).toBe(false);
          expect(pod.terminationGracePeriodSeconds).toBe(30);
          for (const c of pod.containers) {
            expect(c.securityContext).toMatchObject({
              runAsNonRoot: true,
              readOnlyRootFilesystem: true,
              allowPrivilegeEscalation: false,
            });
            expect(c.securityContext.capabilities.drop).toContain('ALL');
            const tmp = c.volumeMounts.find((m: Obj) => m.mountPath === '/tmp');
            expect(tmp).toBeDefined();
            const volume = pod.volumes.find((v: Obj) => v.name === tmp.name);
            expect(volume.emptyDir).toBeDefined();
          }
        }
      });

      it('sets resource requests and limits on every container', () => {
        for (const d of ofKind(docs, 'Deployment')) {
          for (const c of d.spec.template.spec.containers) {
            for (const bound of ['requests', 'limits']) {
              expect(c.resources?.[bound]?.cpu).toBeDefined();
              expect(c.resources?.[bound]?.memory).toBeDefined();
            }
          }
        }
      });

      it('probes services with native gRPC and the gateway with httpGet', () => {
        for (const d of ofKind(docs, 'Deployment')) {
          const name = d.metadata.name as string;
          const [c] = d.spec.template.spec.containers;
          expect(c.livenessProbe).toBeDefined();
          expect(c.readinessProbe).toBeDefined();
          if (name === 'gateway') {
            expect(c.livenessProbe.httpGet.path).toBe('/healthz');
            expect(c.readinessProbe.httpGet.path).toBe('/healthz');
            expect(c.lifecycle.preStop.exec.command[0]).toBe('sleep');
            expect(d.spec.template.metadata.annotations['prometheus.io/scrape']).toBe('true');
          } else {
            expect(c.livenessProbe.grpc.port).toBe(SERVICES[name]);
            expect(c.readinessProbe.grpc.port).toBe(SERVICES[name]);
            expect(c.ports[0].containerPort).toBe(SERVICES[name]);
            const grpcPort = c.env.find((e: Obj) => e.name === 'GRPC_PORT');
            expect(grpcPort.value).toBe(String(SERVICES[name]));
            // A service that calls another is told where: <CALLEE>_GRPC_URL=<callee>:<port>,
            // and is told of no other service.
            for (const callee of SERVICE_CALLS[name] ?? []) {
              const url = c.env.find((e: Obj) => e.name === `${callee.toUpperCase()}_GRPC_URL`);
              expect({ name, callee, url: url?.value }).toEqual({
                name,
                callee,
                url: `${callee}:${SERVICES[callee]}`,
              });
            }
            const urls = (c.env as Obj[])
              .map((e) => e.name as string)
              .filter((n) => n.endsWith('_GRPC_URL'))
              .sort();
            expect({ name, urls }).toEqual({
              name,
              urls: (SERVICE_CALLS[name] ?? [])
                .map((callee) => `${callee.toUpperCase()}_GRPC_URL`)
                .sort(),
            });
          }
        }
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

      it('allows exactly the call graph between components', () => {
        const policies = ofKind(docs, 'NetworkPolicy');
        const ingressEdges: string[] = [];
        const egressEdges: string[] = [];
        for (const p of policies) {
          const self = appName(p.spec.podSelector?.matchLabels);
          if (!self) continue;
          for (const rule of p.spec.ingress ?? []) {
            for (const peer of rule.from ?? []) {
              const from = appName(peer.podSelector?.matchLabels);
              if (from)
                for (const port of rule.ports) ingressEdges.push(`${from}->${self}:${port.port}`);
            }
          }
          for (const rule of p.spec.egress ?? []) {
            for (const peer of rule.to ?? []) {
              const to = appName(peer.podSelector?.matchLabels);
              if (to)
                for (const port of rule.ports) egressEdges.push(`${self}->${to}:${port.port}`);
            }
          }
        }
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
          ]),
        );
        expect(ingressEdges.sort()).toEqual(expected);
        expect(egressEdges.sort()).toEqual(expected);

        const byName = (n: string) =>
          policies.find((p) => appName(p.spec.podSelector?.matchLabels) === n)!;
        const egressPorts = (n: string) =>
          (byName(n).spec.egress as Obj[])
            .flatMap((r) => r.ports.map((p: Obj) => p.port))
            .sort((a: number, b: number) => a - b);
        expect(egressPorts('gateway')).toEqual([6379, 50051, 50052, 50053, 50054, 50055]);
        for (const name of Object.keys(SERVICES)) {
          const calleePorts = (SERVICE_CALLS[name] ?? []).map((callee) => SERVICES[callee]);
          expect(egressPorts(name)).toEqual([4222, 5432, ...calleePorts].sort((a, b) => a - b));
        }
        const gatewayIngressPorts = (byName('gateway').spec.ingress as Obj[]).flatMap((r) =>
          r.ports.map((p: Obj) => p.port),
        );
        expect(new Set(gatewayIngressPorts)).toEqual(new Set([GATEWAY_PORT]));
      });
    });

    it('dev runs one replica of each component and no autoscaler', () => {
      const docs = render('dev');
      for (const d of ofKind(docs, 'Deployment')) expect(d.spec.replicas).toBe(1);
      expect(ofKind(docs, 'HorizontalPodAutoscaler')).toHaveLength(0);
    });

    it('production runs 3 gateways, 2 of each service, a pinned image and no example Secret', () => {
      const docs = render('production');
      for (const d of ofKind(docs, 'Deployment')) {
        expect(d.spec.replicas).toBe(d.metadata.name === 'gateway' ? 3 : 2);
        const image = d.spec.template.spec.containers[0].image as string;
        expect(image).toMatch(/(:[\w][\w.-]*|@sha256:[a-f0-9]{64})$/);
        expect(image).not.toMatch(/:latest$/);
      }
      const hpas = ofKind(docs, 'HorizontalPodAutoscaler');
      expect(hpas.map((h) => [h.metadata.name, h.spec.minReplicas]).sort()).toEqual([
        ['gateway', 3],
        ['ledger', 2],
      ]);
      expect(ofKind(docs, 'Secret')).toHaveLength(0);
    });
  },
);

describe('charts/pfs', () => {
  const schema = JSON.parse(readFileSync(join(CHART, 'values.schema.json'), 'utf8')) as Obj;
  const values = parseYaml(readFileSync(join(CHART, 'values.yaml'), 'utf8')) as Obj;
  const resolve = (node: Obj): Obj =>
    node.$ref
      ? resolve(
          node.$ref
            .slice(2)
            .split('/')
            .reduce((o: Obj, k: string) => o[k], schema),
        )
      : node;
  const componentSchema = resolve(
    Object.values(schema.properties.components.patternProperties as Obj)[0] as Obj,
  );

  it('has a strict values schema: additionalProperties false at the root and per component', () => {
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.components.additionalProperties).toBe(false);
    expect(componentSchema.additionalProperties).toBe(false);
    expect(resolve(componentSchema.properties.autoscaling).additionalProperties).toBe(false);
    expect(resolve(componentSchema.properties.resources).additionalProperties).toBe(false);
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

  it('has values that fit the component schema, with every deployable enabled', () => {
    const allowed = Object.keys(componentSchema.properties);
    for (const [name, component] of Object.entries(values.components as Record<string, Obj>)) {
      for (const key of Object.keys(component))
        expect({ name, key, ok: allowed.includes(key) }).toEqual({ name, key, ok: true });
      for (const key of componentSchema.required as string[])
        expect({ name, key, present: key in component }).toEqual({ name, key, present: true });
      expect(['http', 'grpc']).toContain(component.kind);
    }
    const deployables = ['gateway', ...Object.keys(SERVICES)].sort();
    expect(Object.keys(values.components).sort()).toEqual(deployables);
    for (const name of deployables) expect(values.components[name].enabled).toBe(true);
    // The gateway calls every service; bills, ledger and categorization call each other as
    // SERVICE_CALLS says (docs/adr/010); tax calls none (docs/adr/006); identity calls none.
    expect([...values.components.gateway.calls].sort()).toEqual(Object.keys(SERVICES).sort());
    for (const name of Object.keys(SERVICES)) {
      expect({ name, calls: [...(values.components[name].calls ?? [])].sort() }).toEqual({
        name,
        calls: [...(SERVICE_CALLS[name] ?? [])].sort(),
      });
    }
    expect(values.components.ledger.calls).toEqual(['categorization']);
    expect(values.components.bills.calls).toEqual(['ledger', 'categorization']);
    expect(values.components.categorization.calls).toEqual(['ledger', 'bills']);
    expect(values.components.tax.calls).toEqual([]);
    for (const key of Object.keys(values)) expect(Object.keys(schema.properties)).toContain(key);
  });

  it('has one looping template per kind of object and balanced template actions', () => {
    const dir = join(CHART, 'templates');
    const files = readdirSync(dir).filter((f) => /\.(ya?ml|tpl|txt)$/.test(f));
    for (const perComponent of ['deployment.yaml', 'service.yaml', 'networkpolicy.yaml']) {
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
