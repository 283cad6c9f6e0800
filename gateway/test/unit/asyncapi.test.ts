import { EVENT_CATALOGUE, createLogger, envelopeSchema, eventSubject } from '@pfs/kit';
import Ajv from 'ajv';
import request from 'supertest';
import { createGateway } from '../../src/app';
import { buildAsyncApi } from '../../src/asyncapi';
import { gatewayConfigSchema } from '../../src/config';
import type { Upstreams } from '../../src/upstreams';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const specs = require('@asyncapi/specs') as { schemas: Record<string, object> };

/** Walks a local JSON pointer (`#/a/b`) through the document. */
function resolve(doc: Record<string, unknown>, ref: string): unknown {
  expect(ref.startsWith('#/')).toBe(true);
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
}

function collectRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => collectRefs(n, out));
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else collectRefs(v, out);
    }
  return out;
}

const doc = buildAsyncApi({ version: '0.1.0' });

describe('AsyncAPI document', () => {
  it('validates against the official AsyncAPI 3.0.0 JSON Schema (@asyncapi/specs)', () => {
    // meta: false: the spec bundles its own copy of the draft-07 meta-schema.
    const ajv = new Ajv({
      strict: false,
      allErrors: true,
      validateFormats: false,
      meta: false,
      validateSchema: false,
    });
    const validate = ajv.compile(specs.schemas['3.0.0']);
    const ok = validate(doc);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    // The check bites: a document with a wrong operation action or no info is refused.
    const operations = doc.operations as Record<string, object>;
    const [first] = Object.keys(operations);
    const broken = {
      ...doc,
      operations: { ...operations, [first]: { ...operations[first], action: 'listen' } },
    };
    expect(validate(broken)).toBe(false);
    expect(validate({ ...doc, info: undefined })).toBe(false);
  });

  it('has every catalogue event type as a channel on its subject, a message and a receive operation', () => {
    const channels = doc.channels as Record<string, { address: string; messages: object }>;
    const operations = doc.operations as Record<string, { action: string }>;
    expect(Object.keys(channels)).toHaveLength(EVENT_CATALOGUE.length);
    for (const spec of EVENT_CATALOGUE) {
      const id = `${spec.source}.${spec.type}`;
      expect(channels[id].address).toBe(eventSubject(spec.source, spec.type));
      expect(operations[`receive.${id}`].action).toBe('receive');
    }
    const types = EVENT_CATALOGUE.map((e) => `${e.source}.${e.type}`);
    for (const required of [
      'ledger.transaction.created',
      'ledger.transaction.imported',
      'ledger.transaction.updated',
      'ledger.transaction.deleted',
      'categorization.rule.executed',
      'bills.bill.due_soon',
      'bills.pattern.detected',
      'documents.document.uploaded',
      'documents.receipt.analyzed',
    ])
      expect(types).toContain(required);
  });

  it('resolves every $ref inside the document', () => {
    const refs = collectRefs(doc);
    expect(refs.length).toBeGreaterThan(EVENT_CATALOGUE.length * 3);
    for (const ref of refs) expect(resolve(doc, ref)).toBeDefined();
  });

  it("has examples that validate against their message's payload schema", () => {
    const ajv = new Ajv({
      strict: true,
      allErrors: true,
      allowUnionTypes: true,
      validateFormats: false,
    });
    for (const spec of EVENT_CATALOGUE) {
      const validate = ajv.compile(envelopeSchema(spec));
      const message = (
        doc.components as { messages: Record<string, { examples: { payload: unknown }[] }> }
      ).messages[`${spec.source}.${spec.type}`];
      for (const example of message.examples) {
        validate(example.payload);
        expect({ type: spec.type, errors: validate.errors ?? [] }).toEqual({
          type: spec.type,
          errors: [],
        });
      }
    }
  });

  it('is served at GET /api/asyncapi.json, public, next to the OpenAPI document', async () => {
    const upstream = { name: 'x', ready: async () => true, close: () => undefined };
    const gateway = createGateway({
      config: gatewayConfigSchema.parse({}),
      logger: createLogger('asyncapi-test', 'silent'),
      upstreams: { identity: upstream } as unknown as Upstreams,
    });
    try {
      const res = await request(gateway.app).get('/api/asyncapi.json').expect(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body.asyncapi).toBe('3.0.0');
      expect(res.body).toEqual(JSON.parse(JSON.stringify(doc)));
    } finally {
      await gateway.close();
    }
  });
});
