import { formatMoney } from '@pfs/kit';
import type { Transaction as TransactionMessage } from '@pfs/proto/ledger';
import { plainDecimal, type Transaction } from './domain/transactions';

/** The proto form of a stored transaction: money "12.30", rates and percentages unpadded. */
export function toTransactionMessage(t: Transaction): TransactionMessage {
  return {
    id: t.id,
    date: t.occurredAt.toISOString(),
    description: t.description,
    amount: formatMoney(t.amount),
    type: t.type,
    categoryId: t.categoryId ?? undefined,
    merchant: t.merchant ?? undefined,
    isTaxDeductible: t.isTaxDeductible,
    businessUsePercentage: plainDecimal(t.businessUsePercentage),
    gstAmount: formatMoney(t.gstAmount),
    // The wire has no null: a transaction without a known rate reads as rate 0.
    gstRate: t.gstRate === null ? '0' : plainDecimal(t.gstRate),
    gstIncluded: t.gstIncluded,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}
