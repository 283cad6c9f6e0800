#!/usr/bin/env node
/**
 * Validates Kubernetes objects offline against the API's OpenAPI schemas, with the model
 * classes of the npm `kubernetes-models` packages (and `@kubernetes-models/prometheus-operator`
 * for monitoring.coreos.com). Those packages are ES modules only, so Jest (CommonJS) runs this
 * as a child process: a JSON array of objects on stdin, a JSON array of results on stdout,
 * `{ apiVersion, kind, name, ok, error? }` per object in input order. An object whose
 * apiVersion/kind has no model is reported as not ok: nothing passes unchecked.
 *
 *   kubectl kustomize k8s/overlays/dev | node -e '...yaml to json...' | node tools/testing/k8s-validate.mjs
 */
import { readFileSync } from 'node:fs';

/** apiVersion → module of its models. The core group ("v1") lives at kubernetes-models/v1. */
function modulePath(apiVersion) {
  if (apiVersion.startsWith('monitoring.coreos.com/'))
    return `@kubernetes-models/prometheus-operator/${apiVersion}`;
  return `kubernetes-models/${apiVersion}`;
}

const modules = new Map();
async function modelFor(apiVersion, kind) {
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  const path = modulePath(apiVersion);
  if (!modules.has(path)) modules.set(path, await import(path).catch(() => null));
  const mod = modules.get(path);
  return mod?.[kind];
}

function describe(error) {
  const details = error?.details ?? error?.errors;
  if (Array.isArray(details) && details.length)
    return details
      .map(
        (d) =>
          `${d.instancePath || '/'} ${d.message ?? d.keyword} ${JSON.stringify(d.params ?? {})}`,
      )
      .join('; ');
  return String(error?.message ?? error);
}

const objects = JSON.parse(readFileSync(0, 'utf8'));
const results = [];
for (const object of objects) {
  const { apiVersion, kind } = object ?? {};
  const name = object?.metadata?.name;
  const Model = await modelFor(apiVersion, kind);
  if (!Model) {
    results.push({
      apiVersion,
      kind,
      name,
      ok: false,
      error: 'no schema for this apiVersion/kind',
    });
    continue;
  }
  try {
    new Model(object).validate();
    results.push({ apiVersion, kind, name, ok: true });
  } catch (error) {
    results.push({ apiVersion, kind, name, ok: false, error: describe(error) });
  }
}
process.stdout.write(JSON.stringify(results));
