import postcss, { type ChildNode, type Container } from "postcss";
import selectorParser from "postcss-selector-parser";

/**
 * The stylesheet each page needs to show as served, and no more. Gatsby inlines the whole site's CSS (some
 * 48 KB, the checkout's and the booking flow's rules too) into every page's head; a page uses about half.
 * Each page keeps the rules that can match it: a rule is kept when, for one of its selectors, every class,
 * id and element name that selector names occurs on the page. Everything else about a selector is left out
 * of the test, which only errs towards keeping: states (`:hover`, `:popover-open`, `[aria-expanded]`,
 * `[data-held]`, `details[open]`), what the browser or the page's inline script changes before any code
 * runs, and what `:not()`, `:is()` and `:has()` take. What a page's code may add later (a dialog, the cart,
 * a class set on hydration) is in the whole stylesheet, which the page fetches with its code
 * (html-output.ts), so it is there before the code that needs it runs.
 */

/** A rule's selectors, each as the names it requires: "c:<class>", "i:<id>", "t:<element>". */
type Requirement = string[][];

/**
 * The stylesheet as pieces of text, so each page's cut is a join, not a re-serialisation (some 2,000 pages a site):
 * a rule with what it requires, a group (@media, @supports…) around its own pieces, or text always kept.
 */
type Piece = { rule: Requirement; text: string } | { open: string; pieces: Piece[]; close: string } | { text: string };

export interface PreparedCss {
  pieces: Piece[];
  /** The whole stylesheet's length. */
  bytes: number;
}

const KEEP_WHOLE = /^(-[a-z]+-)?(keyframes|font-face|property|counter-style|font-feature-values|page)$/;

function requirementOf(selector: string): Requirement {
  const selectors: Requirement = [];
  selectorParser((list) => {
    list.each((one) => {
      const names: string[] = [];
      one.walk((node) => {
        for (let parent = node.parent; parent && parent !== one; parent = parent.parent) if (parent.type === "pseudo") return;
        if (node.type === "class") names.push(`c:${node.value}`);
        else if (node.type === "id") names.push(`i:${node.value}`);
        else if (node.type === "tag") names.push(`t:${node.value.toLowerCase()}`);
      });
      selectors.push(names);
    });
  }).processSync(selector);
  return selectors;
}

function piecesOf(container: Container): Piece[] {
  const pieces: Piece[] = [];
  container.each((node: ChildNode) => {
    if (node.type === "rule") pieces.push({ rule: requirementOf(node.selector), text: node.toString() });
    else if (node.type === "atrule" && node.nodes && !KEEP_WHOLE.test(node.name)) {
      const open = `@${node.name}${node.raws.afterName ?? (node.params ? " " : "")}${node.params}${node.raws.between ?? ""}{`;
      pieces.push({ open, pieces: piecesOf(node), close: `${node.raws.after ?? ""}}` });
    } else if (node.type !== "comment") pieces.push({ text: node.toString() });
  });
  return pieces;
}

/** Parses the site's stylesheet once for every page of the build. */
export function prepareCss(css: string): PreparedCss {
  return { pieces: piecesOf(postcss.parse(css)), bytes: css.length };
}

/** The classes, ids and element names of a page's HTML (as React writes it: double-quoted attributes). */
export function namesInHtml(html: string): Set<string> {
  const names = new Set<string>();
  for (const [, tag, attributes] of html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g)) {
    names.add(`t:${tag.toLowerCase()}`);
    const classes = /\sclass="([^"]*)"/.exec(attributes)?.[1];
    if (classes) for (const name of classes.split(/\s+/)) if (name) names.add(`c:${name}`);
    const id = /\sid="([^"]*)"/.exec(attributes)?.[1];
    if (id) names.add(`i:${id}`);
  }
  return names;
}

/** The prepared stylesheet with only the rules that can match a page of these names; a group left empty goes. */
export function criticalCss(prepared: PreparedCss, names: ReadonlySet<string>): string {
  const join = (pieces: Piece[]): string => {
    let text = "";
    for (const piece of pieces) {
      if ("rule" in piece) {
        if (piece.rule.some((selector) => selector.every((name) => names.has(name)))) text += piece.text;
      } else if ("pieces" in piece) {
        const inner = join(piece.pieces);
        if (inner) text += piece.open + inner + piece.close;
      } else text += piece.text;
    }
    return text;
  };
  return join(prepared.pieces);
}
