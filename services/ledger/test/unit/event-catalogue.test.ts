import { envelopeSchema, eventTypeSpec, newId } from '@pfs/kit';
import Ajv from 'ajv';
import { parseNewTransaction, type Transaction } from '../../src/domain/transactions';
import {
  transactionCreatedData,
  transactionUpdatedData,
  TRANSACTION_CREATED,
  TRANSACTION_DELETED,
  TRANSACTION_IMPORTED,
  TRANSACTION_UPDATED,
} from '../../src/events/transactions';

/**
 * What the ledger enqueues matches kit's EVENT_CATALOGUE, the registry the AsyncAPI document
 * (GET /api/asyncapi.json) is generated from: the partner documentation cannot drift.
 */
const ajv = new Ajv({
  strict: true,
  allErrors: true,
  allowUnionTypes: true,
  validateFormats: false,
});

function check(type: string, data: unknown): void {
  const spec = eventTypeSpec('ledger', type);
  expect(spec).toBeDefined();
  const validate = ajv.compile(envelopeSchema(spec!));
  validate({
    id: newId(),
    type,
    source: 'ledger',
    userId: newId(),
    occurredAt: new Date().toISOString(),
    data: JSON.parse(JSON.stringify(data)),
  });
  expect(validate.errors ?? []).toEqual([]);
}

function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    ...parseNewTransaction({
      date: '2025-03-14',
      description: 'Officeworks',
      amount: '110',
      type: 'debit',
      merchant: 'Officeworks',
    }),
    id: newId(),
    createdAt: new Date(),
    updatedAt: new Date(),
    ...overrides,
  };
}

describe('ledger events against the event catalogue', () => {
  it('transaction.created and transaction.deleted carry the catalogued transaction', () => {
    check(TRANSACTION_CREATED, transactionCreatedData(transaction()));
    check(TRANSACTION_DELETED, transactionCreatedData(transaction({ categoryId: newId() })));
    check(TRANSACTION_CREATED, transactionCreatedData(transaction({ merchant: null })));
  });

  it('transaction.updated carries the changed fields and their previous values', () => {
    const before = transaction();
    const after = { ...before, amount: '99.5', description: 'Paper', categoryId: newId() };
    const data = transactionUpdatedData(before, after);
    expect(data.changedFields.sort()).toEqual(['amount', 'categoryId', 'description']);
    expect(data.previous).toEqual({
      amount: '110.00',
      description: 'Officeworks',
      categoryId: null,
    });
    check(TRANSACTION_UPDATED, data);
  });

  it('transaction.imported', () => {
    check(TRANSACTION_IMPORTED, {
      importId: newId(),
      imported: 1,
      duplicates: 0,
      skipped: 2,
      transactionIds: [newId()],
    });
  });
});
