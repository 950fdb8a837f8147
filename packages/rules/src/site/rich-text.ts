/**
 * The body of a blog post: a small, safe subset of Markdown, read into a tree the site renders
 * as React elements. Nothing here is ever HTML: `<b>` in the text is the four characters `<b>`, and a link
 * keeps its url only when the link rules allow it (http, https, mailto, tel or a site path; see links.ts).
 *
 * Blocks, separated by a blank line:
 *   ## Heading / ### Heading     a heading (a single # is read as ##: the post's title is the page's h1)
 *   - item / * item              a bulleted list, one item per line
 *   1. item                      a numbered list
 *   > quoted text                a quotation
 *   anything else                a paragraph; its lines are joined with spaces
 * Inline, inside any block: **strong**, *emphasis* or _emphasis_, [text](url); a backslash makes the
 * next character plain (\*). A marker without its closing half is plain text.
 */
import { safeHref } from "./hrefs";

export type RichInline =
  | { kind: "text"; text: string }
  | { kind: "strong"; children: RichInline[] }
  | { kind: "emphasis"; children: RichInline[] }
  /** `href` is null when the link rules refused the url: the text is shown without a link. */
  | { kind: "link"; href: string | null; children: RichInline[] };

export type RichBlock =
  | { kind: "paragraph"; children: RichInline[] }
  | { kind: "heading"; level: 2 | 3; children: RichInline[] }
  | { kind: "list"; ordered: boolean; items: RichInline[][] }
  | { kind: "quote"; children: RichInline[] };

const HEADING = /^(#{1,3})\s+(.*?)\s*#*\s*$/;
const BULLET = /^[-*]\s+(.*)$/;
const NUMBERED = /^\d{1,9}[.)]\s+(.*)$/;
const QUOTE = /^>\s?(.*)$/;

/** The blocks of a body, in order; blank input gives none. */
export function parseRichText(text: string | null | undefined): RichBlock[] {
  const blocks: RichBlock[] = [];
  const chunks = (text ?? "")
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((chunk) => chunk.split("\n").map((line) => line.trim()).filter((line) => line !== ""))
    .filter((lines) => lines.length > 0);
  for (const lines of chunks) blocks.push(...readChunk(lines));
  return blocks;
}

/** One chunk between blank lines: a heading line ends its own block; list and quote lines group. */
function readChunk(lines: string[]): RichBlock[] {
  const blocks: RichBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: "paragraph", children: parseInline(paragraph.join(" ")) });
    paragraph = [];
  };
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    const heading = HEADING.exec(line);
    if (heading && heading[2] !== "") {
      flush();
      blocks.push({ kind: "heading", level: heading[1].length === 3 ? 3 : 2, children: parseInline(heading[2]) });
      continue;
    }
    const ordered = NUMBERED.test(line);
    if (BULLET.test(line) || ordered) {
      flush();
      const pattern = ordered ? NUMBERED : BULLET;
      const items: string[] = [];
      // Lines up to the next marker of the same kind continue the item before them.
      for (; index < lines.length && !HEADING.test(lines[index]) && !QUOTE.test(lines[index]); index += 1) {
        const item = pattern.exec(lines[index]);
        if (item) items.push(item[1]);
        else if ((ordered ? BULLET : NUMBERED).test(lines[index])) break;
        else items[items.length - 1] = `${items[items.length - 1]} ${lines[index]}`;
      }
      index -= 1;
      blocks.push({ kind: "list", ordered, items: items.map(parseInline) });
      continue;
    }
    const quote = QUOTE.exec(line);
    if (quote) {
      flush();
      const quoted: string[] = [];
      for (; index < lines.length && QUOTE.test(lines[index]); index += 1) quoted.push((QUOTE.exec(lines[index]) as RegExpExecArray)[1]);
      index -= 1;
      const joined = quoted.join(" ").trim();
      if (joined !== "") blocks.push({ kind: "quote", children: parseInline(joined) });
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}

type Delimiter = "**" | "*" | "_";

/** Inline marks of one block's text. */
export function parseInline(text: string): RichInline[] {
  return readInline(text, 0, null).nodes;
}

function pushText(nodes: RichInline[], text: string): void {
  if (text === "") return;
  const last = nodes[nodes.length - 1];
  if (last?.kind === "text") last.text += text;
  else nodes.push({ kind: "text", text });
}

/**
 * Reads from `start` until `closer` (or the end); returns the nodes and where reading stopped. When the
 * closer never comes, `closed` is false and the caller treats its opener as plain text.
 */
function readInline(text: string, start: number, closer: Delimiter | "]" | null): { nodes: RichInline[]; end: number; closed: boolean } {
  const nodes: RichInline[] = [];
  let index = start;
  while (index < text.length) {
    const rest = text.slice(index);
    if (closer && rest.startsWith(closer) && !(closer === "*" && rest.startsWith("**"))) {
      return { nodes, end: index + closer.length, closed: true };
    }
    const char = text[index];
    if (char === "\\" && index + 1 < text.length && /[\\*_[\]()#>`-]/.test(text[index + 1])) {
      pushText(nodes, text[index + 1]);
      index += 2;
      continue;
    }
    const opener: Delimiter | null = rest.startsWith("**") ? "**" : char === "*" ? "*" : char === "_" && isWordStart(text, index) ? "_" : null;
    if (opener && opener !== closer && text[index + opener.length] !== undefined && !/\s/.test(text[index + opener.length])) {
      const inner = readInline(text, index + opener.length, opener);
      if (inner.closed && inner.nodes.length > 0) {
        nodes.push({ kind: opener === "**" ? "strong" : "emphasis", children: inner.nodes });
        index = inner.end;
        continue;
      }
    }
    if (char === "[") {
      const link = readLink(text, index);
      if (link) {
        nodes.push(link.node);
        index = link.end;
        continue;
      }
    }
    pushText(nodes, char);
    index += 1;
  }
  return { nodes, end: index, closed: closer === null };
}

/** `_` opens emphasis only at the start of a word, so snake_case_names stay as they are. */
function isWordStart(text: string, index: number): boolean {
  return index === 0 || !/[\p{L}\p{N}_]/u.test(text[index - 1]);
}

/** `[text](url)` at `index`, or null when it is not one. */
function readLink(text: string, index: number): { node: RichInline; end: number } | null {
  const label = readInline(text, index + 1, "]");
  if (!label.closed || text[label.end] !== "(") return null;
  // The url ends at its matching parenthesis, so one holding a pair, like a wiki address, stays whole.
  let depth = 0;
  let close = -1;
  for (let at = label.end + 1; at < text.length && close === -1; at += 1) {
    if (text[at] === "(") depth += 1;
    else if (text[at] === ")") {
      if (depth === 0) close = at;
      else depth -= 1;
    }
  }
  if (close === -1) return null;
  const url = text.slice(label.end + 1, close).trim();
  if (url === "" || /\s/.test(url)) return null;
  const children = label.nodes.length > 0 ? label.nodes : [{ kind: "text" as const, text: url }];
  return { node: { kind: "link", href: safeHref(url), children }, end: close + 1 };
}
