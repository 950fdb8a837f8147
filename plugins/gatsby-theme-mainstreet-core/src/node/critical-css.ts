import postcss, { type Root, type Rule } from "postcss";
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

export interface PreparedCss {
  root: Root;
  /** The whole stylesheet's length. */
  bytes: number;
  /** By rule, in walk order. */
  requirements: Map<Rule, Requirement>;
}

const KEEP_WHOLE = /^(-[a-z]+-)?(keyframes|font-face|property|counter-style|font-feature-values|page)$/;

function insideKeptWhole(rule: Rule): boolean {
  for (let parent = rule.parent; parent && parent.type !== "root"; parent = parent.parent) {
    if (parent.type === "atrule" && KEEP_WHOLE.test((parent as postcss.AtRule).name)) return true;
  }
  return false;
}

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

/** Parses the site's stylesheet once for every page of the build. */
export function prepareCss(css: string): PreparedCss {
  const root = postcss.parse(css);
  const requirements = new Map<Rule, Requirement>();
  root.walkRules((rule) => {
    if (!insideKeptWhole(rule)) requirements.set(rule, requirementOf(rule.selector));
  });
  return { root, bytes: css.length, requirements };
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

/** The prepared stylesheet with only the rules that can match a page of these names. */
export function criticalCss(prepared: PreparedCss, names: ReadonlySet<string>): string {
  const kept = (rule: Rule) => {
    const requirement = prepared.requirements.get(rule);
    return !requirement || requirement.some((selector) => selector.every((name) => names.has(name)));
  };
  const root = prepared.root.clone();
  // The clone walks in the same order as the original: pair each cloned rule with its original's requirement.
  const originals = [...prepared.requirements.keys()];
  let index = 0;
  root.walkRules((rule) => {
    if (insideKeptWhole(rule)) return;
    if (!kept(originals[index++])) rule.remove();
  });
  // An @media left empty goes too (from the inside out: one inside another may empty it).
  for (let emptied = true; emptied; ) {
    emptied = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        emptied = true;
      }
    });
  }
  return root.toString();
}
