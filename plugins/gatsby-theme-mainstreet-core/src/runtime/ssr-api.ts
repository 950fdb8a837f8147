import React from "react";
import type { GatsbySSR } from "gatsby";
import { DEFAULT_LOCALE, OFFLINE_SHELL_PATH } from "@mainstreet/rules/constants";

/**
 * The document language before any page's head has its say: every page's SeoHead sets `<html lang>` to
 * the business's locale (issue 19), which wins over this; a page without a head would still be English.
 */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: DEFAULT_LOCALE });
};

/**
 * `0;url=…` as the W3C checker wants it, `0; url=…`: gatsby-plugin-offline writes the refresh of its
 * shell's <noscript> without the space, which the HTML standard's valid form requires.
 */
export function validRefreshContent(content: string): string {
  const match = /^\s*(\d+)\s*[;,]\s*(?:url\s*=\s*)?(.*)$/i.exec(content);
  if (!match) return content;
  return match[2] ? `${match[1]}; url=${match[2]}` : match[1];
}

type HeadElement = React.ReactElement<{ httpEquiv?: string; content?: string; children?: React.ReactNode }>;

function withValidRefresh(node: React.ReactNode): React.ReactNode {
  if (!React.isValidElement(node)) return node;
  const element = node as HeadElement;
  if (element.type === "meta" && element.props.httpEquiv?.toLowerCase() === "refresh" && element.props.content) {
    return React.cloneElement(element, { content: validRefreshContent(element.props.content) });
  }
  if (element.type === "noscript" && element.props.children) {
    return React.cloneElement(element, {}, React.Children.map(element.props.children, withValidRefresh));
  }
  return element;
}

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

export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({ pathname, getHeadComponents, replaceHeadComponents, getPreBodyComponents, replacePreBodyComponents }) => {
  replacePreBodyComponents(getPreBodyComponents().map(withTitledNoscriptFrame));
  if (pathname === OFFLINE_SHELL_PATH) replaceHeadComponents(getHeadComponents().map(withValidRefresh));
};
