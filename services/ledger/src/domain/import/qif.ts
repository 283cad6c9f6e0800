import type { SourceItem } from './types';

/**
 * Quicken Interchange Format: `!Type:Bank` (or CCard, Cash, Oth A, Oth L) followed by
 * records of one-letter fields, each record ended by `^`:
 *
 *   D3/14'25     date (Quicken writes years after 2000 with an apostrophe)
 *   T-4.50       amount (U repeats it in newer versions)
 *   PCoffee Club payee
 *   MFlat white  memo
 *   N1234        check number
 *
 * Lists that are not transactions (!Type:Cat, Class, Memorized, Invst, …) are passed over;
 * an `!Account` block names the account of the records after it.
 */

const TRANSACTION_TYPES = new Set(['bank', 'cash', 'ccard', 'oth a', 'oth l', 'invoice']);

interface Draft {
  line: number;
  date?: string;
  amount?: string;
  altAmount?: string;
  payee?: string;
  memo?: string;
}

export class QifReader {
  private partial = '';
  private lineNo = 0;
  /** Whether records in the current section are transactions; true before any header. */
  private section: 'transactions' | 'account' | 'other' = 'transactions';
  private draft: Draft | undefined;
  private account: string | undefined;
  private accountDraft: string | undefined;

  push(text: string): SourceItem[] {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    const items: SourceItem[] = [];
    for (const line of lines) this.readLine(line, items);
    return items;
  }

  end(): SourceItem[] {
    const items: SourceItem[] = [];
    if (this.partial) this.readLine(this.partial, items);
    this.partial = '';
    this.finishRecord(items);
    return items;
  }

  private readLine(raw: string, items: SourceItem[]): void {
    this.lineNo++;
    const line = raw.replace(/\r$/, '');
    if (!line.trim()) return;
    if (line.startsWith('!')) {
      this.finishRecord(items);
      const header = line.slice(1).trim().toLowerCase();
      if (header.startsWith('type:')) {
        this.section = TRANSACTION_TYPES.has(header.slice(5).trim()) ? 'transactions' : 'other';
      } else if (header === 'account') {
        this.section = 'account';
        this.accountDraft = undefined;
      }
      // !Option:AutoSwitch and !Clear:AutoSwitch change nothing here.
      return;
    }
    if (line.trim() === '^') {
      this.finishRecord(items);
      return;
    }
    const code = line[0];
    const value = line.slice(1).trim();
    if (this.section === 'account') {
      if (code === 'N') this.accountDraft = value;
      return;
    }
    if (this.section !== 'transactions') return;
    const draft = (this.draft ??= { line: this.lineNo });
    switch (code) {
      case 'D':
        draft.date = value;
        break;
      case 'T':
        draft.amount = value;
        break;
      case 'U':
        draft.altAmount = value;
        break;
      case 'P':
        draft.payee = value;
        break;
      case 'M':
        draft.memo = value;
        break;
      default:
      // N (number), L (category), C (cleared), A (address), S/E/$/% (splits): not imported.
    }
  }

  private finishRecord(items: SourceItem[]): void {
    if (this.section === 'account') {
      if (this.accountDraft) this.account = this.accountDraft;
      this.accountDraft = undefined;
      return;
    }
    const draft = this.draft;
    this.draft = undefined;
    if (!draft) return;
    const payee = draft.payee ?? '';
    const memo = draft.memo ?? '';
    const description = !memo || memo === payee ? payee : !payee ? memo : `${payee} ${memo}`;
    items.push({
      kind: 'row',
      row: {
        line: draft.line,
        date: draft.date ?? '',
        description,
        amount: draft.amount ?? draft.altAmount ?? '',
        account: this.account,
      },
    });
  }
}
