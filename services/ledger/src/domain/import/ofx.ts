import type { SourceItem, SourceRow } from './types';

/**
 * OFX 1.x (SGML: leaf elements are not closed, `<TRNAMT>-4.50` up to the line end or the next
 * tag), OFX 2.x (XML) and Quicken's QFX (OFX plus Intuit tags), read statement transaction by
 * statement transaction so a large file never sits in memory whole. Each `<STMTTRN>` becomes a
 * row; its FITID, the bank's id of the transaction, is kept (scoped by the account) so
 * re-importing the same transactions is recognised whatever else changed.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  eacute: 'é',
  egrave: 'è',
  ecirc: 'ê',
  euml: 'ë',
  aacute: 'á',
  agrave: 'à',
  acirc: 'â',
  auml: 'ä',
  aring: 'å',
  ccedil: 'ç',
  iacute: 'í',
  icirc: 'î',
  iuml: 'ï',
  ntilde: 'ñ',
  oacute: 'ó',
  ocirc: 'ô',
  ouml: 'ö',
  oslash: 'ø',
  uacute: 'ú',
  ucirc: 'û',
  uuml: 'ü',
  szlig: 'ß',
  Eacute: 'É',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  pound: '£',
  euro: '€',
  cent: '¢',
  yen: '¥',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
  middot: '·',
  frac12: '½',
};

/** Decodes XML/HTML character references; an unknown one, or a bare "&", stays as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref] ?? NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

const START = /<STMTTRN>/gi;
const END = /<\/STMTTRN>/gi;
const ACCTID = /<ACCTID>\s*([^<\r\n]*)/gi;
const FIELD = /<([A-Za-z0-9.]+)>([^<]*)/g;
/** The most text kept back between chunks while no transaction has started. */
const TAIL_MAX = 4096;
/** A transaction block longer than this is malformed. */
const BLOCK_MAX = 256 * 1024;

function countLines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** The fields of one `<STMTTRN>` block; the first occurrence of a tag wins. */
export function readOfxFields(block: string): Record<string, string> {
  const fields: Record<string, string> = {};
  // OFX 2 (XML) values may be CDATA sections (Suncorp): their text, escaped as markup would be.
  if (block.includes('<![CDATA['))
    block = block.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, text: string) =>
      text.replace(/&/g, '&amp;').replace(/</g, '&lt;'),
    );
  FIELD.lastIndex = 0;
  for (let m = FIELD.exec(block); m; m = FIELD.exec(block)) {
    const tag = m[1].toUpperCase();
    const value = decodeEntities(m[2].trim());
    if (value && fields[tag] === undefined) fields[tag] = value;
  }
  return fields;
}

export function ofxRow(
  fields: Record<string, string>,
  line: number,
  account: string | undefined,
): SourceRow {
  const name = fields.NAME ?? fields.PAYEE ?? '';
  const memo = fields.MEMO ?? '';
  const description = !memo || memo === name ? name : !name ? memo : `${name} ${memo}`;
  const fitid = fields.FITID;
  return {
    line,
    date: fields.DTPOSTED ?? fields.DTUSER ?? '',
    description: description || fields.TRNTYPE || '',
    amount: fields.TRNAMT ?? '',
    externalId: fitid ? (account ? `${account}:${fitid}` : fitid) : undefined,
    account,
  };
}

export class OfxReader {
  private buffer = '';
  /** Line number of the buffer's first character. */
  private bufferLine = 1;
  private account: string | undefined;

  push(text: string): SourceItem[] {
    this.buffer += text;
    return this.drain(false);
  }

  end(): SourceItem[] {
    return this.drain(true);
  }

  private noteAccount(text: string): void {
    ACCTID.lastIndex = 0;
    for (let m = ACCTID.exec(text); m; m = ACCTID.exec(text)) {
      const id = decodeEntities(m[1].trim());
      if (id) this.account = id;
    }
  }

  private consume(upTo: number): void {
    this.bufferLine += countLines(this.buffer, 0, upTo);
    this.buffer = this.buffer.slice(upTo);
  }

  private drain(final: boolean): SourceItem[] {
    const items: SourceItem[] = [];
    for (;;) {
      START.lastIndex = 0;
      const start = START.exec(this.buffer);
      if (!start) {
        // Keep the last tag: it may be cut in two, or its value may go on in the next chunk.
        const lastTag = this.buffer.lastIndexOf('<');
        const keepFrom =
          final || lastTag < 0
            ? this.buffer.length
            : Math.max(lastTag, this.buffer.length - TAIL_MAX);
        this.noteAccount(this.buffer.slice(0, keepFrom));
        this.consume(keepFrom);
        return items;
      }
      this.noteAccount(this.buffer.slice(0, start.index));
      const bodyStart = start.index + start[0].length;
      END.lastIndex = bodyStart;
      const end = END.exec(this.buffer);
      START.lastIndex = bodyStart;
      const next = START.exec(this.buffer);
      let bodyEnd: number;
      let resumeAt: number;
      if (end && (!next || end.index < next.index)) {
        bodyEnd = end.index;
        resumeAt = end.index + end[0].length;
      } else if (next) {
        // SGML files that never close the aggregate: the next transaction ends this one.
        bodyEnd = resumeAt = next.index;
      } else if (final) {
        bodyEnd = resumeAt = this.buffer.length;
      } else if (this.buffer.length - bodyStart > BLOCK_MAX) {
        // Not a transaction any more but a runaway block: report it and move on.
        const line = this.bufferLine + countLines(this.buffer, 0, start.index);
        items.push({ kind: 'error', line, error: '<STMTTRN> is never closed' });
        this.consume(this.buffer.length);
        continue;
      } else {
        return items; // wait for the rest of this transaction
      }
      const line = this.bufferLine + countLines(this.buffer, 0, start.index);
      const block = this.buffer.slice(bodyStart, bodyEnd);
      // A closing list or statement tag inside an unclosed last block ends it.
      const cut = block.search(/<\/(?:BANKTRANLIST|STMTRS|CCSTMTRS)>/i);
      items.push({
        kind: 'row',
        row: ofxRow(readOfxFields(cut >= 0 ? block.slice(0, cut) : block), line, this.account),
      });
      this.consume(resumeAt);
    }
  }
}
