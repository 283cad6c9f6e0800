/**
 * A minimal, safe XML reader for the fixed structures of bank statements (ISO 20022 CAMT):
 * elements, attributes, text and CDATA; comments and processing instructions are passed over.
 * There is no DTD support at all: a DOCTYPE is refused, so no entity can be declared, let
 * alone expanded (no "billion laughs", no external entities); only the five predefined
 * entities and numeric character references are decoded. Namespace prefixes are dropped
 * (`<ns2:Ntry>` is `Ntry`): statement schemas never use one name in two namespaces.
 */

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
  /** Offset of the element's `<` in the parsed text. */
  at: number;
}

export class XmlError extends Error {}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the predefined entities and character references; anything else stays as written. */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return PREDEFINED[ref] ?? whole;
  });
}

const localName = (qname: string) => qname.slice(qname.indexOf(':') + 1);
const ATTR = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * Parses a fragment holding one element (with anything before or after it ignored) into a
 * tree. Throws XmlError for markup that is not well formed.
 */
export function parseXmlElement(text: string, from = 0): XmlElement {
  const root: XmlElement = { name: '#root', attrs: {}, children: [], text: '', at: from };
  const stack: XmlElement[] = [root];
  let i = from;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    if (lt > i && stack.length > 1)
      stack[stack.length - 1].text += decodeXmlText(text.slice(i, lt));
    if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt + 4);
      if (end < 0) throw new XmlError('a comment is never closed');
      i = end + 3;
      continue;
    }
    if (text.startsWith('<![CDATA[', lt)) {
      const end = text.indexOf(']]>', lt + 9);
      if (end < 0) throw new XmlError('a CDATA section is never closed');
      if (stack.length > 1) stack[stack.length - 1].text += text.slice(lt + 9, end);
      i = end + 3;
      continue;
    }
    if (text.startsWith('<!', lt))
      throw new XmlError('DTDs and entity declarations are not accepted');
    if (text.startsWith('<?', lt)) {
      const end = text.indexOf('?>', lt + 2);
      if (end < 0) throw new XmlError('a processing instruction is never closed');
      i = end + 2;
      continue;
    }
    const gt = findTagEnd(text, lt + 1);
    if (gt < 0) throw new XmlError('a tag is never closed');
    const inner = text.slice(lt + 1, gt);
    i = gt + 1;
    if (inner[0] === '/') {
      const name = localName(inner.slice(1).trim());
      const open = stack.pop();
      if (!open || open === root || open.name !== name)
        throw new XmlError(`</${name}> does not close the element open`);
      if (stack.length === 1) return open;
      continue;
    }
    const selfClosing = inner.endsWith('/');
    const body = selfClosing ? inner.slice(0, -1) : inner;
    const nameEnd = body.search(/[\s]/);
    const qname = nameEnd < 0 ? body : body.slice(0, nameEnd);
    if (!qname) throw new XmlError('a tag has no name');
    const attrs: Record<string, string> = {};
    if (nameEnd >= 0) {
      ATTR.lastIndex = 0;
      const rest = body.slice(nameEnd);
      for (let m = ATTR.exec(rest); m; m = ATTR.exec(rest))
        attrs[localName(m[1])] = decodeXmlText(m[2] ?? m[3] ?? '');
    }
    const element: XmlElement = { name: localName(qname), attrs, children: [], text: '', at: lt };
    stack[stack.length - 1].children.push(element);
    if (selfClosing) {
      if (stack.length === 1) return element;
    } else {
      stack.push(element);
    }
  }
  throw new XmlError(
    stack.length > 1 ? `<${stack[stack.length - 1].name}> is never closed` : 'no element',
  );
}

/** The `>` ending a tag that starts at `from`, skipping quoted attribute values. */
function findTagEnd(text: string, from: number): number {
  let quote = '';
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return i;
    }
  }
  return -1;
}

/** The first child by a path of names (`child(e, 'BookgDt', 'Dt')`). */
export function child(element: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let at = element;
  for (const name of path) {
    at = at?.children.find((c) => c.name === name);
    if (!at) return undefined;
  }
  return at;
}

/** All children of that name. */
export function children(element: XmlElement | undefined, name: string): XmlElement[] {
  return element ? element.children.filter((c) => c.name === name) : [];
}

/** The trimmed text at a path, or '' when absent. */
export function textAt(element: XmlElement | undefined, ...path: string[]): string {
  return child(element, ...path)?.text.trim() ?? '';
}
