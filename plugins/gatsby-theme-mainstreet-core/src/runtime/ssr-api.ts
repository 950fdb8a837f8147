import React from "react";
import type { GatsbySSR } from "gatsby";
import { DEFAULT_LOCALE } from "@mainstreet/rules/business/constants";
import { IconSprite } from "../components/icon-paths";
import { earlyTapsScript } from "../hydration/early-taps";

/**
 * The document's language: the business's locale, which the build defines from the business file
 * (node-apis.ts, onCreateWebpackConfig), on every page the server renders. Not a Head's `<html lang>`: Gatsby
 * applies a Head's <html> attributes again in the browser once the page has hydrated, and setting `lang`, even
 * to the value it has, makes Chromium restyle every element of the page (`:lang()` might match differently), a
 * task at every load that the same page without scripts does not have.
 */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents, setPreBodyComponents }) => {
  setHtmlAttributes({ lang: process.env.MAINSTREET_LOCALE || DEFAULT_LOCALE });
  // In the head, so a tap on the page is held from its first paint until the app's scripts take it over.
  setHeadComponents([React.createElement("script", { key: "early-taps", id: "early-taps", dangerouslySetInnerHTML: { __html: earlyTapsScript() } })]);
  // Every icon on the page draws from this sprite (components/icons.tsx), so their drawings are HTML, not JavaScript.
  setPreBodyComponents([React.createElement(IconSprite, { key: "icon-sprite" })]);
};

/**
 * gatsby-plugin-google-tagmanager's <noscript> frame has no title, which every checker reports (a frame
 * needs an accessible name, WCAG 4.1.2); it is hidden, but it is still in the document.
 */
export function withTitledFrames(html: string): string {
  return html.replace(/<iframe(?![^>]*\stitle=)/g, '<iframe title="Google Tag Manager"');
}

type RawHtmlElement = React.ReactElement<{ dangerouslySetInnerHTML?: { __html: string } }>;

function withTitledNoscriptFrame(node: React.ReactNode): React.ReactNode {
  if (!React.isValidElement(node) || node.type !== "noscript") return node;
  const inner = (node as RawHtmlElement).props.dangerouslySetInnerHTML?.__html;
  return inner ? React.cloneElement(node as RawHtmlElement, { dangerouslySetInnerHTML: { __html: withTitledFrames(inner) } }) : node;
}

export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({ getPreBodyComponents, replacePreBodyComponents }) => {
  replacePreBodyComponents(getPreBodyComponents().map(withTitledNoscriptFrame));
};
