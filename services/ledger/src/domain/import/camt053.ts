import { AppError } from '@pfs/kit';
import type { SourceItem, SourceRow } from './types';
import { child, children, parseXmlElement, textAt, XmlError, type XmlElement } from './xml';

/**
 * ISO 20022 bank-to-customer statements, camt.053.001.02 to .08, read entry by entry so a
 * large file never sits in memory whole. The structure (ISO 20022 message definition report
 * for camt.053, and the German DK / Swiss SIX implementation guides that publish examples):
 *
 *   Document/BkToCstmrStmt/Stmt            one statement per account and period
 *     Acct/Id/IBAN (or Acct/Id/Othr/Id)    the account
 *     Ntry                                 one booking
 *       Amt[@Ccy], CdtDbtInd (CRDT|DBIT)   unsigned amount and direction
 *       RvslInd                            a reversal (the indicator already gives its direction)
 *       Sts (BOOK|PDNG|INFO; .08: Sts/Cd)  only booked entries are imported
 *       BookgDt/Dt|DtTm, ValDt/Dt|DtTm     booking and value date: the booking date is the
 *                                          transaction's date (the value date when there is none)
 *       NtryRef, AcctSvcrRef               the bank's references
 *       NtryDtls/TxDtls                    the transaction(s) of the entry: Refs/EndToEndId,
 *                                          Refs/AcctSvcrRef, Amt or AmtDtls/TxAmt/Amt,
 *                                          RltdPties/Dbtr|Cdtr/Nm (.08: /Pty/Nm),
 *                                          RmtInf/Ustrd (or Strd/CdtrRefInf/Ref), AddtlTxInf
 *       AddtlNtryInf                       the bank's text for the entry
 *
 * An entry with several transactions that each state their amount (a batch booking) becomes
 * one row per transaction; otherwise one row per entry. The description is the remittance
 * information, the merchant the counterparty (creditor of a debit, debtor of a credit), and
 * the bank id the account with the bank's reference and the end-to-end id.
 */

/** Namespaces and root of a camt.053 document, for format detection. */
export const CAMT053_MARK =
  /urn:iso:std:iso:20022:tech:xsd:camt\.053\.|<(?:[\w.-]+:)?BkToCstmrStmt[\s>]/;

const NTRY_START = /<(?:[A-Za-z_][\w.-]*:)?Ntry[\s>]/g;
const NTRY_END = /<\/(?:[A-Za-z_][\w.-]*:)?Ntry\s*>/g;
const ACCT_START = /<(?:[A-Za-z_][\w.-]*:)?Acct[\s>]/g;
const ACCT_END = /<\/(?:[A-Za-z_][\w.-]*:)?Acct\s*>/g;
const DOCTYPE = /<!DOCTYPE|<!ENTITY/i;
/** An entry longer than this is malformed. */
const BLOCK_MAX = 1024 * 1024;

function countLines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** The account an `<Acct>` names: its IBAN, or its other id. */
export function accountId(acct: XmlElement): string {
  return textAt(acct, 'Id', 'IBAN') || textAt(acct, 'Id', 'Othr', 'Id') || textAt(acct, 'Id');
}

/** Refuses a file with statements of several accounts (the import has no account option). */
export function severalAccounts(accounts: string[], more = false): AppError {
  return AppError.validation([
    {
      field: 'file',
      message:
        `holds statements of ${accounts.length}${more ? ' or more' : ''} accounts ` +
        `(${accounts.join(', ')}); choose the one to import with the account option`,
    },
  ]);
}

/** Refuses a chosen account the file has no statement of. */
export function noSuchAccount(account: string, accounts: string[]): AppError {
  return AppError.validation([
    {
      field: 'account',
      message: `the file has no statement of account ${account} (it has ${accounts.join(', ') || 'none'})`,
    },
  ]);
}

/** An account id as compared (options.ts accountKey). */
const keyOf = (account: string) => account.replace(/\s+/g, '').toUpperCase();

const notProvided = (ref: string) => (!ref || /^NOTPROVIDED$/i.test(ref) ? '' : ref);

function dateOf(parent: XmlElement | undefined): string {
  return textAt(parent, 'Dt') || textAt(parent, 'DtTm').slice(0, 10);
}

function partyName(tx: XmlElement | undefined, role: 'Dbtr' | 'Cdtr'): string {
  const party = child(tx, 'RltdPties', role);
  return textAt(party, 'Nm') || textAt(party, 'Pty', 'Nm');
}

function remittance(tx: XmlElement | undefined): string {
  const info = child(tx, 'RmtInf');
  const unstructured = children(info, 'Ustrd')
    .map((u) => u.text.trim())
    .filter(Boolean);
  if (unstructured.length) return unstructured.join(' ');
  const refs = children(info, 'Strd').flatMap((s) => {
    const ref = textAt(s, 'CdtrRefInf', 'Ref');
    const extra = children(s, 'AddtlRmtInf').map((a) => a.text.trim());
    return [ref, ...extra].filter(Boolean);
  });
  return refs.join(' ');
}

function txAmount(tx: XmlElement): string {
  return textAt(tx, 'Amt') || textAt(tx, 'AmtDtls', 'TxAmt', 'Amt');
}

/** The rows of one `<Ntry>` (its text from `<Ntry` on), numbered from `line`. */
export function camtEntryItems(
  block: string,
  line: number,
  account: string | undefined,
): SourceItem[] {
  let entry: XmlElement;
  try {
    entry = parseXmlElement(block);
  } catch (err) {
    if (err instanceof XmlError) return [{ kind: 'error', line, error: `<Ntry>: ${err.message}` }];
    throw err;
  }
  const status = (textAt(entry, 'Sts') || textAt(entry, 'Sts', 'Cd')).toUpperCase();
  if (status && status !== 'BOOK') {
    const what = status === 'PDNG' ? 'pending' : status === 'INFO' ? 'for information' : status;
    return [{ kind: 'skipped', line, reason: `the entry is ${what}, not booked` }];
  }
  const date = dateOf(child(entry, 'BookgDt')) || dateOf(child(entry, 'ValDt'));
  const entryAmount = textAt(entry, 'Amt');
  const entryIndicator = textAt(entry, 'CdtDbtInd');
  const entryRef =
    notProvided(textAt(entry, 'AcctSvcrRef')) || notProvided(textAt(entry, 'NtryRef'));
  const entryInfo = textAt(entry, 'AddtlNtryInf');
  const txs = children(entry, 'NtryDtls').flatMap((d) => children(d, 'TxDtls'));
  const split = txs.length > 1 && txs.every((tx) => txAmount(tx));
  const lineOf = (tx: XmlElement) => line + countLines(block, 0, tx.at);

  const rowOf = (tx: XmlElement | undefined, index: number): SourceRow => {
    const indicator = (split && tx && textAt(tx, 'CdtDbtInd')) || entryIndicator;
    const debit = /^DBIT$/i.test(indicator);
    const counterparty = partyName(tx, debit ? 'Cdtr' : 'Dbtr');
    const bankRef = notProvided(textAt(tx, 'Refs', 'AcctSvcrRef')) || entryRef;
    const endToEnd = notProvided(textAt(tx, 'Refs', 'EndToEndId'));
    const txId = notProvided(textAt(tx, 'Refs', 'TxId'));
    const refs = [bankRef, endToEnd || txId].filter(Boolean);
    // Transactions of one entry may share its reference: their position tells them apart.
    if (
      split &&
      refs.length &&
      !endToEnd &&
      !txId &&
      !notProvided(textAt(tx, 'Refs', 'AcctSvcrRef'))
    )
      refs.push(String(index + 1));
    const description =
      (tx && remittance(tx)) ||
      textAt(tx, 'AddtlTxInf') ||
      (split ? '' : entryInfo) ||
      counterparty ||
      entryInfo ||
      textAt(entry, 'BkTxCd', 'Prtry', 'Cd') ||
      textAt(entry, 'BkTxCd', 'Domn', 'Fmly', 'SubFmlyCd');
    return {
      line: split && tx ? lineOf(tx) : line,
      date,
      description,
      amount: split && tx ? txAmount(tx) : entryAmount,
      indicator: debit ? 'D' : /^CRDT$/i.test(indicator) ? 'C' : indicator,
      merchant: counterparty || undefined,
      externalId: refs.length ? `${account ? `${account}:` : ''}${refs.join('/')}` : undefined,
      account,
    };
  };

  if (split) return txs.map((tx, i) => ({ kind: 'row', row: rowOf(tx, i) }));
  return [{ kind: 'row', row: rowOf(txs.length === 1 ? txs[0] : undefined, 0) }];
}

export class Camt053Reader {
  private buffer = '';
  /** Line number of the buffer's first character. */
  private bufferLine = 1;
  private account: string | undefined;
  private readonly accounts: string[] = [];
  private entries = 0;
  /** Entries of the chosen account's statements only (undefined: the file must have one account). */
  constructor(private readonly only?: string) {}
  /** Whether the current statement is of another account than the chosen one. */
  private otherAccount = false;
  /** Whether the root element has been seen (a DTD can only come before it). */
  private pastProlog = false;

  push(text: string): SourceItem[] {
    this.buffer += text;
    return this.drain(false);
  }

  end(): SourceItem[] {
    const items = this.drain(true);
    if (!this.accounts.length && !this.entries && !items.length)
      throw AppError.validation([
        { field: 'file', message: 'is a camt.053 message without any statement (no Stmt/Acct)' },
      ]);
    if (this.only && !this.accounts.some((a) => keyOf(a) === this.only))
      throw noSuchAccount(this.only, this.accounts);
    return items;
  }

  private consume(upTo: number): void {
    this.bufferLine += countLines(this.buffer, 0, upTo);
    this.buffer = this.buffer.slice(upTo);
  }

  /** Notes the accounts named in text outside entries; answers where an unfinished `<Acct>` starts. */
  private noteAccounts(text: string, final: boolean): number {
    ACCT_START.lastIndex = 0;
    for (let m = ACCT_START.exec(text); m; m = ACCT_START.exec(text)) {
      ACCT_END.lastIndex = m.index;
      const end = ACCT_END.exec(text);
      if (!end) {
        if (final) return text.length;
        return m.index;
      }
      let id = '';
      try {
        id = accountId(parseXmlElement(text.slice(m.index, end.index + end[0].length)));
      } catch (err) {
        if (!(err instanceof XmlError)) throw err;
      }
      if (id) {
        if (!this.accounts.includes(id)) {
          this.accounts.push(id);
          if (this.accounts.length > 1 && !this.only) throw severalAccounts(this.accounts, true);
        }
        this.account = id;
        this.otherAccount = this.only !== undefined && keyOf(id) !== this.only;
      }
      ACCT_START.lastIndex = end.index + end[0].length;
    }
    return text.length;
  }

  private drain(final: boolean): SourceItem[] {
    if (!this.pastProlog) {
      // Checked before any of the text is consumed: a DOCTYPE can only precede the root.
      if (DOCTYPE.test(this.buffer))
        throw AppError.validation([
          { field: 'file', message: 'declares a DTD, which statement files never need: refused' },
        ]);
      if (/<(?:[\w.-]+:)?(?:Document|BkToCstmrStmt)[\s>]/.test(this.buffer)) this.pastProlog = true;
    }
    const items: SourceItem[] = [];
    for (;;) {
      NTRY_START.lastIndex = 0;
      const start = NTRY_START.exec(this.buffer);
      if (!start) {
        const lastTag = this.buffer.lastIndexOf('<');
        const safe = final || lastTag < 0 ? this.buffer.length : lastTag;
        const keepFrom = Math.min(safe, this.noteAccounts(this.buffer.slice(0, safe), final));
        this.consume(keepFrom);
        return items;
      }
      const unfinished = this.noteAccounts(this.buffer.slice(0, start.index), final);
      if (unfinished < start.index) {
        // An <Acct> holds an <Ntry>? Not a statement's shape: read on from the entry.
        this.consume(start.index);
        continue;
      }
      NTRY_END.lastIndex = start.index;
      const end = NTRY_END.exec(this.buffer);
      const line = this.bufferLine + countLines(this.buffer, 0, start.index);
      if (!end) {
        if (final || this.buffer.length - start.index > BLOCK_MAX) {
          items.push({ kind: 'error', line, error: '<Ntry> is never closed' });
          this.consume(this.buffer.length);
          continue;
        }
        this.consume(start.index);
        return items; // wait for the rest of this entry
      }
      const block = this.buffer.slice(start.index, end.index + end[0].length);
      this.entries++;
      if (this.otherAccount)
        items.push({
          kind: 'skipped',
          line,
          reason: `an entry of account ${this.account}, not the one chosen`,
        });
      else items.push(...camtEntryItems(block, line, this.account));
      this.consume(end.index + end[0].length);
    }
  }
}

/** The accounts a (start of a) CAMT file names, in order. */
export function camtAccounts(text: string): string[] {
  const accounts: string[] = [];
  ACCT_START.lastIndex = 0;
  // Only the statement's own account: <Acct> directly, not DbtrAcct/CdtrAcct (other names).
  for (let m = ACCT_START.exec(text); m; m = ACCT_START.exec(text)) {
    ACCT_END.lastIndex = m.index;
    const end = ACCT_END.exec(text);
    if (!end) break;
    try {
      const id = accountId(parseXmlElement(text.slice(m.index, end.index + end[0].length)));
      if (id && !accounts.includes(id)) accounts.push(id);
    } catch (err) {
      if (!(err instanceof XmlError)) throw err;
    }
    ACCT_START.lastIndex = end.index + end[0].length;
  }
  return accounts;
}
