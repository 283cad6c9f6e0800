import {
  completeUtf8Length,
  LineEndings,
  StatementDecoder,
} from '../../src/domain/import/encoding';
import { binaryKind, detectFormat } from '../../src/domain/import/formats';

function decodeAll(bytes: Buffer, chunkSize: number): { text: string; encoding: string } {
  const decoder = new StatementDecoder();
  let text = '';
  for (let i = 0; i < bytes.length; i += chunkSize)
    text += decoder.decode(bytes.subarray(i, i + chunkSize));
  text += decoder.end();
  return { text, encoding: decoder.encoding };
}

describe('StatementDecoder', () => {
  const sample = 'Date,Description\n14/03/2025,Café Nero – £4.50 ☕\n';

  it('reads UTF-8, whole or split anywhere (even inside a character)', () => {
    const bytes = Buffer.from(sample, 'utf8');
    for (const size of [1, 2, 3, 5, 7, 64])
      expect(decodeAll(bytes, size)).toEqual({ text: sample, encoding: 'utf-8' });
  });

  it('drops a UTF-8 byte order mark', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(sample)]);
    expect(decodeAll(bytes, 2)).toEqual({ text: sample, encoding: 'utf-8' });
  });

  it('falls back to windows-1252 (Latin-1) when the bytes are not UTF-8', () => {
    const latin = 'Date,Description\n14/03/2025,CAFÉ ROUGE £4.50 – Müller\n';
    const bytes = encodeCp1252(latin);
    expect(decodeAll(bytes, 8)).toEqual({ text: latin, encoding: 'windows-1252' });
  });

  it('reads UTF-16 with a BOM, and without one', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(sample, 'utf16le')]);
    expect(decodeAll(le, 3)).toEqual({ text: sample, encoding: 'utf-16le' });
    const bare = Buffer.from(sample, 'utf16le');
    expect(decodeAll(bare, 1000).encoding).toBe('utf-16le');
  });

  it('holds back an incomplete UTF-8 sequence', () => {
    const euro = Buffer.from('a€', 'utf8'); // 61 e2 82 ac
    expect(completeUtf8Length(euro.subarray(0, 2))).toBe(1);
    expect(completeUtf8Length(euro.subarray(0, 3))).toBe(1);
    expect(completeUtf8Length(euro)).toBe(4);
  });
});

/** Windows-1252 for the characters these tests use. */
function encodeCp1252(text: string): Buffer {
  const special: Record<string, number> = { '€': 0x80, '–': 0x96, '’': 0x92 };
  return Buffer.from(Array.from(text, (c) => special[c] ?? c.charCodeAt(0)));
}

describe('LineEndings', () => {
  it('turns CRLF and CR into LF, also when CR and LF fall in different chunks', () => {
    const endings = new LineEndings();
    const out =
      ['a,b\r', '\nc,d\r', 'e,f\r\n', 'g\r'].map((t) => endings.normalize(t)).join('') +
      endings.end();
    expect(out).toBe('a,b\nc,d\ne,f\ng\n');
  });
});

describe('file type sniffing', () => {
  it('recognises OFX (SGML and XML), QFX and QIF, and takes other text for CSV', () => {
    expect(detectFormat('OFXHEADER:100\nDATA:OFXSGML\n')).toBe('ofx');
    expect(detectFormat('<?xml version="1.0"?>\n<?OFX OFXHEADER="200"?>\n<OFX>')).toBe('ofx');
    expect(detectFormat('OFXHEADER:100\n<OFX><SONRS><INTU.BID>1234')).toBe('qfx');
    expect(detectFormat('OFXHEADER:100\n', 'Statement.QFX')).toBe('qfx');
    expect(detectFormat('!Type:Bank\nD3/14/25\n')).toBe('qif');
    expect(detectFormat('\uFEFFDate,Amount\n')).toBe('csv');
    expect(detectFormat('<!DOCTYPE html><html>')).toBeUndefined();
    expect(detectFormat('{"transactions": []}')).toBeUndefined();
  });

  it('names binary files', () => {
    expect(binaryKind(Buffer.from('%PDF-1.7\n'))).toBe('a PDF document');
    expect(binaryKind(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14]))).toMatch(/ZIP/);
    expect(binaryKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d]))).toBe('a PNG image');
    expect(binaryKind(Buffer.from('abc\u0000def'))).toBe('a binary file');
    expect(binaryKind(Buffer.from('Date,Amount\n'))).toBeUndefined();
  });
});
