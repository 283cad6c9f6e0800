import { currencyOf } from '../../src/domain/currency';
import { isConfirmation, isRefusal, userAsksToWrite } from '../../src/domain/intent';
import { scopesAllow, type McpOperation } from '../../src/domain/scopes';
import { titleFromQuestion, TITLE_MAX } from '../../src/domain/title';
import { ownFileName } from '../../src/tools/files';

const USER = '3b1f4f7e-2a53-4a8e-9a51-1f7d1c1f0a01';
const OTHER = '9c2d8e11-5b0a-4c77-8d9e-2b6a4c3e1f02';

describe('scopes (SPEC.md / CONTRACT.md)', () => {
  const ops: McpOperation[] = [
    'tools/list',
    'tools/call:read',
    'tools/call:write',
    'resources/list',
    'resources/read',
  ];
  const table: Record<string, McpOperation[]> = {
    'mcp:full': ops,
    'mcp:read': ['tools/list', 'tools/call:read', 'resources/list', 'resources/read'],
    'mcp:tools:list': ['tools/list'],
    'mcp:tools:call': ['tools/list', 'tools/call:read'],
    'mcp:resources:read': ['resources/list', 'resources/read'],
  };
  it.each(Object.entries(table))('%s allows exactly its operations', (scope, allowed) => {
    for (const op of ops)
      expect([op, scopesAllow([scope], op)]).toEqual([op, allowed.includes(op)]);
  });
  it('no scope or an unknown one allows nothing; scopes add up', () => {
    for (const op of ops) {
      expect(scopesAllow([], op)).toBe(false);
      expect(scopesAllow(['admin'], op)).toBe(false);
    }
    expect(scopesAllow(['mcp:tools:list', 'mcp:resources:read'], 'resources/read')).toBe(true);
  });
});

describe('titles from the first question', () => {
  it('keeps short questions and trims space', () => {
    expect(titleFromQuestion('  How much did I   spend on groceries? ')).toBe(
      'How much did I spend on groceries?',
    );
  });
  it('cuts long ones at a word, within the limit', () => {
    const title = titleFromQuestion(
      'Could you please tell me how much I spent on restaurants and cafes during the last financial year?',
    );
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(title.endsWith('…')).toBe(true);
    expect(title.startsWith('Could you please tell me how much I spent')).toBe(true);
  });
});

describe('write intent is read from the user’s own words', () => {
  it.each([
    ['add a $12 coffee expense for today', true],
    ['categorise my uncategorised transactions', true],
    ['yes', true],
    ['Yep, go ahead', true],
    ['how much did I spend on fuel last month?', false],
    ['what is the GST in $110', false],
  ])('%s → %s', (text, expected) => expect(userAsksToWrite(text)).toBe(expected));
  it('tells confirmations from refusals', () => {
    expect(isConfirmation('yes please')).toBe(true);
    expect(isConfirmation('no')).toBe(false);
    expect(isRefusal('no, cancel that')).toBe(true);
  });
});

describe('asset URLs', () => {
  it('accepts the caller’s own, relative or absolute', () => {
    const name = `${OTHER}.pdf`;
    expect(ownFileName(`/api/chat/files/${USER}/${name}`, USER)).toBe(name);
    expect(ownFileName(`https://pfs.example/api/chat/files/${USER}/${name}`, USER)).toBe(name);
  });
  it.each([
    `/api/chat/files/${OTHER}/a.pdf`,
    `/api/chat/files/${USER}/../${OTHER}/a.pdf`,
    '/etc/passwd',
    'not a url',
  ])('refuses %s as not found', (url) => {
    expect(() => ownFileName(url, USER)).toThrow(/not found/);
  });
});

describe('currency of a country', () => {
  it.each([
    ['AU', 'AUD'],
    ['gb', 'GBP'],
    ['DE', 'EUR'],
    ['NZ', 'NZD'],
  ])('%s → %s', (country, currency) => expect(currencyOf(country)).toBe(currency));
});
