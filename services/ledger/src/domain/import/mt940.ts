import { noSuchAccount, severalAccounts } from './camt053';
import type { SourceItem, SourceRow } from './types';

/**
 * SWIFT MT940 customer statements (and the MT942 interim report, which has the same
 * transaction fields), read line by line. Fields start a line with `:tag:`; other lines go on
 * the field before them. The structure (SWIFT Standards MT Category 9, "MT 940 Customer
 * Statement Message"; the German DFÜ agreement annex 3 for the :86: subfields):
 *
 *   :20:  transaction reference        :25:  account (BLZ/account, IBAN, or BIC/account)
 *   :28C: statement number             :60F: / :60M: opening balance
 *   :61:  one transaction, then its :86: details
 *   :62F: / :62M: closing balance      :64:, :65: available balances
 *   -     end of message (a file may hold several)
 *
 * :61: is `YYMMDD[MMDD](C|D|RC|RD)[funds code]amount(type code)(customer ref)[//bank ref]`,
 * with an optional second line of supplementary details: value date, booking (entry) date,
 * the debit/credit mark (RC, a reversed credit, is money out; RD, a reversed debit, money
 * in), the amount with a decimal comma, and the references. The booking date is the
 * transaction's date (the value date when absent).
 *
 * :86: is free text, or structured: the German GVC form `051?00text?20remittance…?32name`
 * (remittance ?20–?29 and ?60–?63, counterparty ?32–?33), or the Dutch/SEPA form
 * `/TRTP/…/NAME/…/REMI/…/EREF/…`. The description is the remittance information, the merchant
 * the counterparty, and the bank id the account with the bank's and customer's references
 * (and the end-to-end id when :86: names one).
 */

/** A file starting as an MT940 does: a SWIFT header block or its first field ... */
const MT940_START = /^(?:\{1:[^}\n]*\}|:\d\d[A-Z]?:|:940:)/;
/** ... or, after a bank's own header lines, a :20: soon followed by the account's :25:. */
const MT940_FIELDS = /^:20:[^\n]*\n(?:[^\n]*\n){0,4}?:25:/m;

export function looksLikeMt940(text: string): boolean {
  return MT940_START.test(text) || MT940_FIELDS.test(text);
}

const FIELD_LINE = /^:(\d\d[A-Z]?):/;
const LINE_61 =
  /^(\d{2})(\d{2})(\d{2})(\d{4})?(R?[CD])([A-Z])?(\d+(?:[.,]\d*)?)([A-Z][A-Z0-9]{3})?([^/]*?)(?:\/\/(.*))?$/;

interface Pending {
  line: number;
  tag61: string;
  supplementary: string;
  /** The lines after :61: as written (supplementary details, or the rest of a wrapped :61:). */
  wrapped: string[];
  details: string[];
}

const noRef = (ref: string) => (!ref || /^NONREF$/i.test(ref.trim()) ? '' : ref.trim());

/** The year of a booking date MMDD next to a value date (a statement may cross new year). */
function bookingYear(valueYear: number, valueMonth: number, bookingMonth: number): number {
  if (valueMonth === 12 && bookingMonth === 1) return valueYear + 1;
  if (valueMonth === 1 && bookingMonth === 12) return valueYear - 1;
  return valueYear;
}

/** The SEPA keywords that open a part of German remittance text (DFÜ annex 3, "SEPA"). */
const SEPA_KEYS = 'EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|COAM|OAMT|IBAN|BIC';

/** The text after `KEY+` up to the next keyword, or undefined. */
function sepaField(text: string, key: string): string | undefined {
  const m = new RegExp(`${key}\\+(.*?)(?=(?:${SEPA_KEYS})\\+|$)`).exec(text);
  return m ? m[1].trim() : undefined;
}

/** The parts of a :86: field worth keeping. */
export function readDetails(text: string): {
  description: string;
  counterparty: string;
  endToEnd: string;
} {
  // German GVC: "051?00UEBERWEISG?10931?20Verwendungszweck?21…?32Name"
  const gvc = /^(\d{3})?\?\d\d/.test(text.replace(/\n/g, '').trimStart());
  if (gvc) {
    const flat = text.replace(/\n/g, '').trimStart();
    const fields = new Map<string, string[]>();
    for (const m of flat.matchAll(/\?(\d\d)([^?]*)/g)) {
      const list = fields.get(m[1]) ?? [];
      list.push(m[2]);
      fields.set(m[1], list);
    }
    const pick = (codes: string[]) => codes.flatMap((c) => fields.get(c) ?? []).join('');
    const remit = pick([
      '20',
      '21',
      '22',
      '23',
      '24',
      '25',
      '26',
      '27',
      '28',
      '29',
      '60',
      '61',
      '62',
      '63',
    ]);
    // SEPA remittance in GVC fields: "EREF+…SVWZ+text"; the text is after SVWZ+.
    const sepa = sepaField(remit, 'SVWZ');
    const endToEnd = sepaField(remit, 'EREF') ?? '';
    return {
      description: (sepa ?? remit).trim() || (fields.get('00') ?? []).join(' ').trim(),
      counterparty: pick(['32', '33']).trim(),
      endToEnd: noRef(endToEnd.replace(/^NOTPROVIDED$/i, '')),
    };
  }
  // Dutch / SEPA structured: "/TRTP/SEPA OVERBOEKING/IBAN/NL…/BIC/…/NAME/Jan/REMI/text/EREF/…"
  const flat = text.replace(/\n/g, '').trimStart();
  if (/^\/[A-Z]{2,4}\//.test(flat)) {
    const keys = [
      'TRTP',
      'IBAN',
      'BIC',
      'NAME',
      'REMI',
      'EREF',
      'MARF',
      'CSID',
      'ORDP',
      'BENM',
      'ADDR',
      'ISDT',
      'RTRN',
      'PREF',
      'KREF',
      'CNTP',
      'ID',
      'SWOC',
    ];
    const parts = new Map<string, string>();
    const re = new RegExp(`/(${keys.join('|')})/(.*?)(?=/(?:${keys.join('|')})/|$)`, 'g');
    for (const m of flat.matchAll(re)) if (!parts.has(m[1])) parts.set(m[1], m[2]);
    let remi = parts.get('REMI') ?? '';
    // REMI may be structured itself: /REMI/USTD//text/ or /REMI/STRD/CUR/ref
    remi = remi
      .replace(/^USTD\/\//, '')
      .replace(/^STRD\/CUR\//, '')
      .replace(/\/$/, '');
    let name = parts.get('NAME') ?? '';
    if (!name && parts.has('CNTP')) name = (parts.get('CNTP') ?? '').split('/')[2] ?? '';
    return {
      description: remi.trim() || name.trim() || (parts.get('TRTP') ?? '').trim() || flat.trim(),
      counterparty: name.trim(),
      endToEnd: noRef((parts.get('EREF') ?? '').replace(/^NOTPROVIDED$/i, '')),
    };
  }
  return { description: text.replace(/\n/g, ' ').trim(), counterparty: '', endToEnd: '' };
}

/** One :61: (with its :86:) as a row, or why it cannot be read. */
export function mt940Item(p: Pending, account: string | undefined): SourceItem {
  // Some banks wrap :61: itself ("1811261126CR" / "30,00N062NONREF"): read it with its next line.
  let m = LINE_61.exec(p.tag61.trim());
  let supplementary = p.supplementary;
  if (!m && p.wrapped.length) {
    m = LINE_61.exec(`${p.tag61.trim()}${p.wrapped[0].trim()}`);
    if (m) supplementary = p.wrapped.slice(1).join(' ');
  }
  if (!m)
    return {
      kind: 'error',
      line: p.line,
      error: `:61: cannot be read (${JSON.stringify(p.tag61.slice(0, 40))})`,
    };
  const [, yy, mm, dd, booking, mark, , amountText, , customerRef, bankRefRaw] = m;
  const valueYear = 2000 + Number(yy) - (Number(yy) > 79 ? 100 : 0);
  let date = `${valueYear}-${mm}-${dd}`;
  if (booking) {
    const bm = Number(booking.slice(0, 2));
    date = `${bookingYear(valueYear, Number(mm), bm)}-${booking.slice(0, 2)}-${booking.slice(2)}`;
  }
  // RC (reversal of a credit) takes money out; RD (reversal of a debit) brings it back.
  const debit = mark === 'D' || mark === 'RC';
  const details = readDetails(p.details.join('\n'));
  const bankRef = noRef((bankRefRaw ?? '').trim());
  const refs = [bankRef, noRef(customerRef), details.endToEnd].filter(Boolean);
  const row: SourceRow = {
    line: p.line,
    date,
    description: details.description || supplementary.trim() || details.counterparty,
    amount: amountText.replace(',', '.'),
    indicator: debit ? 'D' : 'C',
    merchant: details.counterparty || undefined,
    externalId: refs.length
      ? `${account ? `${account}:` : ''}${[...new Set(refs)].join('/')}`
      : undefined,
    account,
  };
  return { kind: 'row', row };
}

export class Mt940Reader {
  private partial = '';
  private lineNo = 0;
  private account: string | undefined;
  private readonly accounts: string[] = [];
  private pending: Pending | undefined;
  /** The field the last lines belong to. */
  private field = '';
  private accountText = '';
  private colon = false;
  /** Transactions of the chosen account's statements only (undefined: one account only). */
  constructor(private readonly only?: string) {}
  /** Whether the current statement is of another account than the chosen one. */
  private otherAccount = false;

  push(text: string): SourceItem[] {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    return this.take(lines);
  }

  end(): SourceItem[] {
    const items = this.take(this.partial ? [this.partial] : []);
    this.partial = '';
    this.noteAccount();
    const last = this.flush();
    if (last) items.push(last);
    if (this.only && !this.accounts.some((a) => a.toUpperCase() === this.only))
      throw noSuchAccount(this.only, this.accounts);
    return items;
  }

  private flush(): SourceItem | undefined {
    const p = this.pending;
    this.pending = undefined;
    if (p && this.otherAccount)
      return {
        kind: 'skipped',
        line: p.line,
        reason: `a transaction of account ${this.account}, not the one chosen`,
      };
    return p && mt940Item(p, this.account);
  }

  private noteAccount(): void {
    if (this.field !== '25') return;
    const id = this.accountText.replace(/\s+/g, '').trim();
    this.field = '';
    if (!id) return;
    if (!this.accounts.includes(id)) {
      this.accounts.push(id);
      if (this.accounts.length > 1 && !this.only) throw severalAccounts(this.accounts, true);
    }
    this.account = id;
    this.otherAccount =
      this.only !== undefined && id.replace(/\s+/g, '').toUpperCase() !== this.only;
  }

  private take(lines: string[]): SourceItem[] {
    const items: SourceItem[] = [];
    for (const raw of lines) {
      this.lineNo++;
      // SWIFT envelope: "{1:F01…}{2:O940…}{4:" before the fields, "-}" after them.
      let line = raw.replace(/\r$/, '');
      // A field tag broken after its first colon (":" then "86:…") is joined again.
      if (this.colon) {
        this.colon = false;
        if (/^\d\d[A-Z]?:/.test(line)) line = `:${line}`;
      }
      if (line === ':') {
        this.colon = true;
        continue;
      }
      const envelope = /^(?:\{\d:[^}]*\}?)+(?:\{4:)?/.exec(line);
      if (envelope) line = line.slice(envelope[0].length);
      const field = FIELD_LINE.exec(line);
      if (field) {
        this.noteAccount();
        const tag = field[1];
        const value = line.slice(field[0].length);
        if (tag === '61') {
          const done = this.flush();
          if (done) items.push(done);
          this.pending = {
            line: this.lineNo,
            tag61: value,
            supplementary: '',
            wrapped: [],
            details: [],
          };
        } else if (tag === '86' && this.pending && this.field === '61') {
          this.pending.details.push(value);
        } else if (tag === '86') {
          // Statement-level information (after :62F:): not a transaction's.
        } else {
          const done = this.flush();
          if (done) items.push(done);
        }
        this.field = tag === '86' && this.field === '61' ? '86' : tag === '86' ? '' : tag;
        if (tag === '25') this.accountText = value;
        continue;
      }
      if (/^-\}?\s*$/.test(line) || /^\}/.test(line)) {
        // End of a message.
        this.noteAccount();
        const done = this.flush();
        if (done) items.push(done);
        this.field = '';
        continue;
      }
      if (!line.trim()) continue;
      if (this.field === '61' && this.pending) {
        this.pending.supplementary += (this.pending.supplementary ? ' ' : '') + line.trim();
        this.pending.wrapped.push(line);
      } else if (this.field === '86' && this.pending) {
        this.pending.details.push(line);
      }
      // :25: is one line (35x): what follows a broken one is not part of the account.
    }
    return items;
  }
}

/** The accounts (:25:) of a (start of an) MT940 file, in order. */
export function mt940Accounts(text: string): string[] {
  const accounts: string[] = [];
  for (const m of text.matchAll(/^(?:\{[^\n]*\{4:)?:25:([^\n]*)/gm)) {
    const id = m[1].replace(/\s+/g, '').trim();
    if (id && !accounts.includes(id)) accounts.push(id);
  }
  return accounts;
}
