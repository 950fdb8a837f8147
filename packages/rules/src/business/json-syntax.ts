/**
 * A small JSON scanner used only to explain a file that JSON.parse rejected, or to find repeated keys
 * that JSON.parse silently collapses. Node's own messages do not always carry a position
 * ("Unexpected token '}', ... is not valid JSON"), and a merchant needs a line and column.
 */

export type JsonSyntaxProblem = { line: number; column: number; expected: string; found: string };
export type DuplicateKey = { path: (string | number)[]; key: string };

class ScanError extends Error {
  constructor(
    readonly offset: number,
    readonly expected: string,
  ) {
    super(expected);
  }
}

/** 1-based line and column of an offset, counting \n, \r\n and \r as line breaks. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i += 1) {
    const ch = text[i];
    if (ch === "\n" || (ch === "\r" && text[i + 1] !== "\n")) {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

function describeAt(text: string, offset: number): string {
  if (offset >= text.length) return "the end of the file";
  const ch = text[offset];
  const code = ch.charCodeAt(0);
  if (code < 0x20) return `a control character (U+${code.toString(16).padStart(4, "0").toUpperCase()})`;
  return JSON.stringify(ch);
}

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Scans the whole text; returns the first syntax problem, plus every repeated key seen before it. */
export function scanJson(text: string): { problem: JsonSyntaxProblem | null; duplicates: DuplicateKey[] } {
  let i = 0;
  const duplicates: DuplicateKey[] = [];

  const skip = () => {
    while (i < text.length && WHITESPACE.has(text[i])) i += 1;
  };
  const fail = (expected: string): never => {
    throw new ScanError(i, expected);
  };

  const string = (): string => {
    if (text[i] !== '"') fail("a double-quoted string");
    const start = i;
    i += 1;
    while (i < text.length) {
      const ch = text[i];
      if (ch === '"') {
        i += 1;
        return JSON.parse(text.slice(start, i)) as string;
      }
      if (ch === "\\") {
        const next = text[i + 1];
        if (next === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            i += 2;
            fail("four hex digits after \\u");
          }
          i += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) {
          i += 2;
        } else {
          i += 1;
          fail('a valid escape (\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX)');
        }
        continue;
      }
      if (ch.charCodeAt(0) < 0x20) fail(ch === "\n" ? 'a closing " before the end of the line' : "a character other than a control character in a string");
      i += 1;
    }
    return fail('a closing "');
  };

  /** Steps over `closer` when it comes next (after white space): the object or list ends there. */
  const closes = (closer: string): boolean => {
    skip();
    if (text[i] !== closer) return false;
    i += 1;
    return true;
  };

  /** After a member of an object or list: true where it closes, false after the comma before the next member. */
  const endsAfterMember = (closer: string, expected: string): boolean => {
    skip();
    if (text[i] === ",") {
      i += 1;
      return false;
    }
    return closes(closer) || fail(expected);
  };

  const value = (path: (string | number)[]): void => {
    skip();
    const ch = text[i];
    if (ch === "{") {
      i += 1;
      const keys = new Set<string>();
      if (closes("}")) return;
      do {
        skip();
        if (text[i] !== '"') fail(keys.size === 0 ? 'a property name in double quotes or "}"' : "a property name in double quotes");
        const key = string();
        if (keys.has(key)) duplicates.push({ path: [...path], key });
        keys.add(key);
        skip();
        if (text[i] !== ":") fail(`":" after the property name ${JSON.stringify(key)}`);
        i += 1;
        value([...path, key]);
      } while (!endsAfterMember("}", '"," or "}" after a property value'));
      return;
    }
    if (ch === "[") {
      i += 1;
      if (closes("]")) return;
      let index = 0;
      do {
        value([...path, index]);
        index += 1;
      } while (!endsAfterMember("]", '"," or "]" after a list entry'));
      return;
    }
    if (ch === '"') {
      string();
      return;
    }
    for (const literal of ["true", "false", "null"]) {
      if (text.startsWith(literal, i)) {
        i += literal.length;
        return;
      }
    }
    NUMBER.lastIndex = i;
    const match = NUMBER.exec(text);
    if (match && match[0].length > 0) {
      i += match[0].length;
      return;
    }
    fail("a JSON value (object, list, text in double quotes, number, true, false or null)");
  };

  try {
    if (text.charCodeAt(0) === 0xfeff) i = 1;
    value([]);
    skip();
    if (i < text.length) fail("the end of the file after the top-level value");
    return { problem: null, duplicates };
  } catch (error) {
    if (!(error instanceof ScanError)) throw error;
    const { line, column } = lineAndColumn(text, error.offset);
    return { problem: { line, column, expected: error.expected, found: describeAt(text, error.offset) }, duplicates };
  }
}
