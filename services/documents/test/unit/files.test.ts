import { cleanOriginalName, STORED_FILE_NAME, storedFileName } from '../../src/domain/names';
import { DEFAULT_QUOTAS, quotaFor } from '../../src/domain/quota';
import { declaredMatches, sniffType } from '../../src/domain/sniff';

const hex = (h: string, pad = 32) =>
  Buffer.concat([Buffer.from(h, 'hex'), Buffer.alloc(pad, 0x41)]);

describe('sniffType: what a file is, from its bytes', () => {
  it.each([
    ['ffd8ffe000104a464946', 'image/jpeg'],
    ['89504e470d0a1a0a', 'image/png'],
    ['52494646000000005745425056503820', 'image/webp'],
    ['0000001866747970686569630000', 'image/heic'],
    ['255044462d312e37', 'application/pdf'],
  ])('accepts %s as %s', (sig, type) => {
    expect(sniffType(hex(sig), 'x', '', true)).toEqual({ type });
  });

  it('accepts a workbook zip (xl/ parts) and refuses any other zip', () => {
    const xlsx = Buffer.concat([
      Buffer.from('504b0304', 'hex'),
      Buffer.from('....[Content_Types].xml xl/workbook.xml'),
    ]);
    expect(sniffType(xlsx, 'a.xlsx', '', true).type).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(sniffType(hex('504b0304'), 'a.png', 'image/png', true)).toEqual({
      type: null,
      detected: 'application/zip',
    });
  });

  it.each([
    ['4d5a9000', 'application/x-msdownload'],
    ['7f454c46', 'application/x-elf'],
    ['cffaedfe', 'application/x-mach-binary'],
    ['47494638396101', 'image/gif'],
    ['1f8b0800', 'application/gzip'],
    ['2321', 'text/x-script'],
    ['000000206674797069736f6d', 'video/mp4'],
  ])('refuses %s (%s) whatever it is called', (sig, detected) => {
    expect(sniffType(hex(sig), 'receipt.jpg', 'image/jpeg', true)).toEqual({
      type: null,
      detected,
    });
  });

  it('tells text from CSV and refuses markup and binary noise', () => {
    expect(sniffType(Buffer.from('TOTAL 5.50\nThanks'), 'r.txt', 'text/plain', true).type).toBe(
      'text/plain',
    );
    expect(
      sniffType(Buffer.from('Date,Amount\n2026-01-01,5\n2026-01-02,6\n'), 'x', '', true).type,
    ).toBe('text/csv');
    expect(
      sniffType(Buffer.from('\uFEFF<!DOCTYPE html><p>hi'), 'a.txt', 'text/plain', true),
    ).toEqual({
      type: null,
      detected: 'text/html',
    });
    expect(sniffType(Buffer.from('<svg onload=alert(1)>'), 'a.txt', '', true).type).toBeNull();
    expect(sniffType(Buffer.from([0x00, 0x01, 0x02, 0x03]), 'a.txt', '', true).type).toBeNull();
    expect(sniffType(Buffer.alloc(0), 'a.txt', '', true)).toEqual({
      type: null,
      detected: 'empty',
    });
  });

  it('lets an unfinished head end inside a UTF-8 character', () => {
    const text = Buffer.from('café '.repeat(10));
    expect(sniffType(text.subarray(0, text.length - 5), 'a.txt', '', false).type).toBe(
      'text/plain',
    );
  });
});

describe('declaredMatches', () => {
  it('accepts generic and aliased declarations and refuses lies', () => {
    expect(declaredMatches('', 'image/png')).toBe(true);
    expect(declaredMatches('application/octet-stream', 'application/pdf')).toBe(true);
    expect(declaredMatches('image/jpg', 'image/jpeg')).toBe(true);
    expect(declaredMatches('text/csv; charset=utf-8', 'text/plain')).toBe(true);
    expect(declaredMatches('image/jpeg', 'image/png')).toBe(false);
    expect(declaredMatches('application/pdf', 'text/plain')).toBe(false);
  });
});

describe('file names', () => {
  it('keeps only a display name of what the client sent', () => {
    expect(cleanOriginalName('../../etc/passwd')).toBe('passwd');
    expect(cleanOriginalName('C:\\Users\\me\\receipt.jpg')).toBe('receipt.jpg');
    expect(cleanOriginalName('..hidden')).toBe('hidden');
    expect(cleanOriginalName('evil\u0000\u202e.png')).toBe('evil.png');
    expect(cleanOriginalName('///')).toBe('file');
    expect(cleanOriginalName('a'.repeat(300))).toHaveLength(255);
  });

  it('makes stored names from the id and the sniffed type only', () => {
    const name = storedFileName('0b6f0c3e-7d1e-4c43-9a4a-2c8f1e0c6b11', 'image/jpeg');
    expect(name).toBe('0b6f0c3e-7d1e-4c43-9a4a-2c8f1e0c6b11.jpg');
    expect(STORED_FILE_NAME.test(name)).toBe(true);
    for (const bad of ['../x.jpg', 'x.jpg', `${'0'.repeat(36)}.exe`, `${'0'.repeat(36)}.jpg/..`])
      expect(STORED_FILE_NAME.test(bad)).toBe(false);
  });
});

describe('quotaFor', () => {
  it('gives each tier its quota and unknown tiers the free one', () => {
    expect(quotaFor('professional', DEFAULT_QUOTAS)).toBe(DEFAULT_QUOTAS.professional);
    expect(quotaFor('enterprise', DEFAULT_QUOTAS)).toBe(DEFAULT_QUOTAS.enterprise);
    expect(quotaFor('', DEFAULT_QUOTAS)).toBe(DEFAULT_QUOTAS.free);
  });
});
