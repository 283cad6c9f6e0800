/**
 * The event catalogue: every event type a service publishes on the bus (`pfs.<source>.<type>`,
 * ADR 004), with the JSON Schema of its `data`. This one registry is the source of the AsyncAPI
 * document the gateway serves at `GET /api/asyncapi.json` (gateway/src/asyncapi.ts), and the
 * publishers' tests check what they enqueue against it, so the document cannot drift from
 * the code. A new event type is added here first.
 */

/** The subset of JSON Schema (draft 07 / AsyncAPI Schema Object) the catalogue uses. */
export type JsonSchema = { [keyword: string]: unknown };

export interface EventTypeSpec {
  /** Publishing service: its schema name and the second subject token. */
  source: string;
  /** Dotted event type, e.g. `transaction.created`. */
  type: string;
  summary: string;
  description: string;
  /** JSON Schema of the envelope's `data`. */
  payload: JsonSchema;
  /** A valid `data`, shown to partners (and checked against `payload` by the tests). */
  example: Record<string, unknown>;
  /** Services consuming it inside the system (informational, for operators). */
  consumers?: string[];
}

const uuid: JsonSchema = { type: 'string', format: 'uuid' };
const nullableUuid: JsonSchema = { type: ['string', 'null'], format: 'uuid' };
const money: JsonSchema = {
  type: 'string',
  pattern: '^-?\\d+\\.\\d{2}$',
  description: 'Money as a decimal string with two decimals, e.g. "12.30".',
};
const instant: JsonSchema = { type: 'string', format: 'date-time' };
const day: JsonSchema = { type: 'string', format: 'date' };
const count: JsonSchema = { type: 'integer', minimum: 0 };

const transactionProperties: Record<string, JsonSchema> = {
  id: uuid,
  date: { ...instant, description: 'When the transaction happened (ISO 8601).' },
  amount: money,
  type: { type: 'string', enum: ['debit', 'credit'] },
  description: { type: 'string' },
  merchant: { type: ['string', 'null'] },
  categoryId: nullableUuid,
  isTaxDeductible: { type: 'boolean' },
};
const TRANSACTION_FIELDS = Object.keys(transactionProperties);

const transaction: JsonSchema = {
  type: 'object',
  required: TRANSACTION_FIELDS,
  properties: transactionProperties,
};

const transactionExample = {
  id: '5b1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  date: '2025-03-14T00:00:00.000Z',
  amount: '110.00',
  type: 'debit',
  description: 'Officeworks stationery',
  merchant: 'Officeworks',
  categoryId: '0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a',
  isTaxDeductible: true,
};

export const EVENT_CATALOGUE: readonly EventTypeSpec[] = [
  {
    source: 'ledger',
    type: 'transaction.created',
    summary: 'A user created a bank transaction',
    description:
      'One per transaction created through the API (imports publish one transaction.imported instead).',
    payload: transaction,
    example: transactionExample,
    consumers: ['bills (autopay)'],
  },
  {
    source: 'ledger',
    type: 'transaction.imported',
    summary: 'A statement import finished',
    description: 'One per import, however many rows it added; the new transactions are listed.',
    payload: {
      type: 'object',
      required: ['importId', 'imported', 'duplicates', 'skipped', 'transactionIds'],
      properties: {
        importId: uuid,
        imported: { ...count, description: 'Rows that became transactions.' },
        duplicates: { ...count, description: 'Rows matching a transaction the user already had.' },
        skipped: { ...count, description: 'Rows left out (invalid or filtered).' },
        transactionIds: { type: 'array', items: uuid },
      },
    },
    example: {
      importId: '7c6b5a49-3828-4716-a5f4-e3d2c1b0a998',
      imported: 2,
      duplicates: 1,
      skipped: 0,
      transactionIds: [
        '5b1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        '6c2f3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
      ],
    },
    consumers: ['bills (autopay)', 'webhooks'],
  },
  {
    source: 'ledger',
    type: 'transaction.updated',
    summary: 'A bank transaction changed',
    description:
      'One per update that changed at least one field: the transaction as it now is, the names of the changed fields, and their previous values. An update that changes nothing publishes nothing.',
    payload: {
      type: 'object',
      required: [...TRANSACTION_FIELDS, 'changedFields', 'previous'],
      properties: {
        ...transactionProperties,
        changedFields: {
          type: 'array',
          minItems: 1,
          items: { type: 'string', enum: TRANSACTION_FIELDS },
        },
        previous: {
          type: 'object',
          description: 'The changed fields before the update.',
          properties: transactionProperties,
          additionalProperties: false,
        },
      },
    },
    example: {
      ...transactionExample,
      amount: '99.50',
      changedFields: ['amount'],
      previous: { amount: '110.00' },
    },
  },
  {
    source: 'ledger',
    type: 'transaction.deleted',
    summary: 'A bank transaction was deleted',
    description:
      'One per deleted transaction, with what it was. Categorization removes its category assignments; documents removes its attachment links.',
    payload: transaction,
    example: transactionExample,
    consumers: ['categorization (assignments)', 'documents (attachment links)'],
  },
  {
    source: 'categorization',
    type: 'rule.executed',
    summary: 'A run of custom rules finished',
    description: 'One per rule run (POST /api/rules/run and its dry-run-less variants).',
    payload: {
      type: 'object',
      required: ['runId', 'ruleIds', 'appliesTo', 'processed', 'matched', 'updated', 'byRule'],
      properties: {
        runId: uuid,
        ruleIds: { type: 'array', items: uuid },
        appliesTo: {
          type: 'array',
          items: { type: 'string', enum: ['transactions', 'expenses', 'bills', 'patterns'] },
        },
        processed: count,
        matched: count,
        updated: count,
        byRule: {
          type: 'array',
          items: {
            type: 'object',
            required: ['ruleId', 'matched'],
            properties: { ruleId: uuid, matched: count },
          },
        },
      },
    },
    example: {
      runId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      ruleIds: ['2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e'],
      appliesTo: ['transactions'],
      processed: 120,
      matched: 14,
      updated: 12,
      byRule: [{ ruleId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', matched: 14 }],
    },
    consumers: ['webhooks'],
  },
  {
    source: 'bills',
    type: 'bill.due_soon',
    summary: 'A bill comes within its due-soon window',
    description: 'Once per bill and due date, when it comes within the user’s window.',
    payload: {
      type: 'object',
      required: [
        'billId',
        'name',
        'amount',
        'dueDate',
        'daysUntilDue',
        'categoryId',
        'merchant',
        'recurring',
        'patternId',
      ],
      properties: {
        billId: uuid,
        name: { type: 'string' },
        amount: money,
        dueDate: day,
        daysUntilDue: { ...count, description: '0: due today.' },
        categoryId: nullableUuid,
        merchant: { type: ['string', 'null'] },
        recurring: { type: 'boolean' },
        patternId: nullableUuid,
      },
    },
    example: {
      billId: '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f',
      name: 'Electricity',
      amount: '180.00',
      dueDate: '2025-04-01',
      daysUntilDue: 3,
      categoryId: null,
      merchant: 'Origin Energy',
      recurring: true,
      patternId: null,
    },
    consumers: ['webhooks'],
  },
  {
    source: 'bills',
    type: 'pattern.detected',
    summary: 'A recurring payment pattern was found',
    description: 'Once per user, merchant and frequency, the first time it is suggested.',
    payload: {
      type: 'object',
      required: [
        'merchant',
        'name',
        'amount',
        'frequency',
        'interval',
        'nextDueDate',
        'confidence',
        'occurrences',
        'lastDate',
        'transactionIds',
      ],
      properties: {
        merchant: { type: 'string' },
        name: { type: 'string' },
        amount: money,
        frequency: { type: 'string' },
        interval: { type: 'integer', minimum: 1 },
        nextDueDate: day,
        confidence: { type: 'number', minimum: 0, maximum: 1 },
        occurrences: count,
        lastDate: day,
        transactionIds: { type: 'array', items: uuid },
      },
    },
    example: {
      merchant: 'Netflix',
      name: 'Netflix',
      amount: '22.99',
      frequency: 'monthly',
      interval: 1,
      nextDueDate: '2025-04-10',
      confidence: 0.92,
      occurrences: 6,
      lastDate: '2025-03-10',
      transactionIds: ['5b1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'],
    },
    consumers: ['webhooks'],
  },
  {
    source: 'documents',
    type: 'document.uploaded',
    summary: 'A user uploaded a file',
    description:
      'One per stored file (POST /api/chat/upload). The bytes stay in the blob store; assetUrl is how the API names them.',
    payload: {
      type: 'object',
      required: ['documentId', 'assetUrl', 'fileName', 'mimeType', 'size', 'sha256'],
      properties: {
        documentId: uuid,
        assetUrl: { type: 'string', description: '/api/chat/files/{userId}/{fileName}' },
        fileName: { type: 'string' },
        mimeType: { type: 'string' },
        size: { ...count, description: 'Bytes.' },
        sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
        originalName: { type: 'string', description: 'The name the client sent (metadata only).' },
        conversationId: nullableUuid,
      },
    },
    example: {
      documentId: '4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f8a',
      assetUrl:
        '/api/chat/files/9e8d7c6b-5a49-4382-a716-f5e4d3c2b1a0/4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f8a.jpg',
      fileName: '4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f8a.jpg',
      originalName: 'receipt-1.jpg',
      conversationId: null,
      mimeType: 'image/jpeg',
      size: 183_422,
      sha256: 'a3f1c2d4e5b6a7980f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6e5f4a3b2',
    },
  },
  {
    source: 'documents',
    type: 'receipt.analyzed',
    summary: 'A receipt or invoice was read',
    description:
      'One per reading of a file (POST /api/receipts/analyze; a cached reading publishes nothing): the main fields extracted. ' +
      'Fields the reader could not find are null.',
    payload: {
      type: 'object',
      required: ['documentId', 'assetUrl', 'sha256', 'extracted'],
      properties: {
        documentId: uuid,
        assetUrl: { type: 'string' },
        sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
        extracted: {
          type: 'object',
          description: 'The main fields of the receipt extraction (SPEC "Receipt extraction").',
          required: ['documentType', 'merchant', 'dateISO', 'currency', 'total', 'tax'],
          properties: {
            documentType: { type: 'string', enum: ['receipt', 'invoice'] },
            merchant: { type: ['string', 'null'] },
            dateISO: { type: ['string', 'null'], format: 'date' },
            currency: { type: ['string', 'null'] },
            total: { ...money, type: ['string', 'null'] },
            tax: { ...money, type: ['string', 'null'] },
          },
        },
      },
    },
    example: {
      documentId: '4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f8a',
      assetUrl:
        '/api/chat/files/9e8d7c6b-5a49-4382-a716-f5e4d3c2b1a0/4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f8a.jpg',
      sha256: 'a3f1c2d4e5b6a7980f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6e5f4a3b2',
      extracted: {
        documentType: 'receipt',
        merchant: 'Officeworks',
        dateISO: '2025-03-14',
        currency: 'AUD',
        total: '110.00',
        tax: '10.00',
      },
    },
  },
];

/** The JSON Schema of the envelope every event travels in (kit EventEnvelope). */
export function envelopeSchema(spec: EventTypeSpec): JsonSchema {
  return {
    type: 'object',
    required: ['id', 'type', 'source', 'userId', 'occurredAt', 'data'],
    properties: {
      id: { ...uuid, description: 'Event id: JetStream msgID and consumers’ dedupe key.' },
      type: { type: 'string', const: spec.type },
      source: { type: 'string', const: spec.source },
      userId: { ...nullableUuid, description: 'The user whose data changed.' },
      occurredAt: instant,
      data: spec.payload,
    },
  };
}

/** The catalogue entry of one event type, or undefined. */
export function eventTypeSpec(source: string, type: string): EventTypeSpec | undefined {
  return EVENT_CATALOGUE.find((e) => e.source === source && e.type === type);
}
