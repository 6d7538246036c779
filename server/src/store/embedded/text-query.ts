/**
 * What the substring index (text-index.ts) needs to know about a search: the plain text a
 * `$regex` condition stands for, and the case folding under which "contains" is exactly the
 * answer of a JavaScript regex with the `i` flag (docs/decisions/search-index.md).
 */
import type { Filter } from '../port.js';

let canonical: Uint16Array | undefined;

/** Regex `i` canonicalisation per unit: simple upper case, unless it changes length or leaves non-ASCII for ASCII. */
function canonicalTable(): Uint16Array {
  if (canonical) return canonical;
  const table = new Uint16Array(0x10000);
  for (let c = 0; c < 0x10000; c++) {
    const upper = String.fromCharCode(c).toUpperCase();
    const cu = upper.length === 1 ? upper.charCodeAt(0) : c;
    table[c] = c >= 128 && cu < 128 ? c : cu;
  }
  return (canonical = table);
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** The case-folded form two strings share exactly when a case-insensitive JS regex sees them as equal. */
export function fold(text: string): string {
  if (isAscii(text)) return text.toUpperCase();
  const table = canonicalTable();
  const units = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) units[i] = table[text.charCodeAt(i)]!;
  let out = '';
  for (let i = 0; i < units.length; i += 4096) {
    out += String.fromCharCode(...units.subarray(i, i + 4096));
  }
  return out;
}

/** Characters that are literal after a backslash in a pattern made by escaping plain text. */
const ESCAPED = new Set('.*+?^${}()|[]\\/-');
/** Characters with a meaning of their own when not escaped. */
const SPECIAL = new Set('.*+?^${}()|[]\\');

/** The plain text a regex source stands for, or undefined when it uses any regex feature. */
export function literalOf(pattern: string): string | undefined {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\') {
      const next = pattern[i + 1];
      if (next === undefined || !ESCAPED.has(next)) return undefined;
      out += next;
      i++;
    } else if (SPECIAL.has(ch)) return undefined;
    else out += ch;
  }
  return out;
}

/**
 * The literals that `filter` requires `field` to contain (top level and inside `$and`): conditions
 * `{$regex: string, $options?}` whose pattern is plain escaped text and whose flags cannot widen
 * a match beyond "contains, ignoring case" (only i, m, s).
 */
export function requiredLiterals(filter: Filter, field: string, out: string[] = []): string[] {
  for (const [key, cond] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(cond)) {
      for (const sub of cond) if (sub && typeof sub === 'object') requiredLiterals(sub as Filter, field, out);
      continue;
    }
    if (key !== field || !cond || typeof cond !== 'object' || Array.isArray(cond)) continue;
    const { $regex: pattern, $options: options } = cond as Record<string, unknown>;
    if (typeof pattern !== 'string') continue;
    if (options !== undefined && (typeof options !== 'string' || !/^[ims]*$/.test(options))) continue;
    const literal = literalOf(pattern);
    if (literal !== undefined) out.push(literal);
  }
  return out;
}
