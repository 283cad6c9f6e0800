import { ServiceClient } from '@pfs/kit';
import { LedgerServiceClient, type Transaction } from '@pfs/proto/ledger';

/**
 * What bills reads from the ledger (through its gRPC API, never its tables): a user's debits
 * in a date range, for pattern detection and autopay. Two implementations: gRPC, and a fake
 * in the tests.
 */

export interface LedgerDebit {
  id: string;
  /** ISO 8601 date-time as the ledger sends it. */
  date: string;
  /** "12.30" */
  amount: string;
  merchant: string | null;
  description: string;
}

export interface LedgerReader {
  /**
   * The user's debits dated from `from` to `to` (inclusive), oldest first, read in pages of
   * 200 up to `maxPages` pages (a bound on the work one request may cause).
   */
  debits(
    userId: string,
    range: { from: string; to: string },
    opts?: { maxPages?: number },
  ): Promise<LedgerDebit[]>;
}

export const LEDGER_PAGE_SIZE = 200;
const DEFAULT_MAX_PAGES = 25;

function toDebit(t: Transaction): LedgerDebit {
  return {
    id: t.id,
    date: t.date,
    amount: t.amount,
    merchant: t.merchant ?? null,
    description: t.description,
  };
}

export function grpcLedgerReader(client: ServiceClient<LedgerServiceClient>): LedgerReader {
  return {
    async debits(userId, { from, to }, opts = {}) {
      const maxPages = opts.maxPages ?? DEFAULT_MAX_PAGES;
      const out: LedgerDebit[] = [];
      for (let page = 1; page <= maxPages; page++) {
        const res = await client.call(
          (c) => c.listTransactions,
          {
            filter: { from, to, type: 'debit', uncategorized: false },
            page: { page, limit: LEDGER_PAGE_SIZE },
            sort: 'date',
          },
          { userId },
        );
        out.push(...res.transactions.map(toDebit));
        if (res.transactions.length < LEDGER_PAGE_SIZE || page >= (res.page?.pages ?? 0)) break;
      }
      return out;
    },
  };
}

/** A reader over a gRPC connection to the ledger at `address`; close() when done. */
export function connectLedger(address: string): { reader: LedgerReader; close(): void } {
  const client = new ServiceClient('ledger', LedgerServiceClient, address);
  return { reader: grpcLedgerReader(client), close: () => client.close() };
}
