import React, { type ReactNode } from "react";
import { BLOG_ACTIONS } from "@mainstreet/rules/site/analytics";
import { eventAttributes } from "@mainstreet/rules/site/link-analytics";
import { resolveLink } from "@mainstreet/rules/site/links";
import { parseRichText, type RichBlock, type RichInline } from "@mainstreet/rules/site/rich-text";
import { SiteLink } from "./site-link";

interface RichTextProps {
  /** A post's body in the blog's small Markdown (packages/rules/src/site/rich-text.ts). */
  text?: string | null;
  /** The site's own url: absolute links to it stay on the site. */
  siteUrl: string;
}

/**
 * A blog post's body as elements: React escapes every text node, so nothing in the data becomes markup.
 * Links go through the link rules (the router for site paths, a new tab for other sites, mailto and tel
 * as they are) and send Blog events, except mailto and tel, which keep their Contact events.
 */
export function RichText({ text, siteUrl }: RichTextProps) {
  const blocks = parseRichText(text);
  if (blocks.length === 0) return null;
  return <>{blocks.map((block, index) => renderBlock(block, index, siteUrl))}</>;
}

function renderBlock(block: RichBlock, key: number, siteUrl: string): ReactNode {
  switch (block.kind) {
    case "paragraph":
      return <p key={key}>{renderInline(block.children, siteUrl)}</p>;
    case "heading":
      return block.level === 2 ? <h2 key={key}>{renderInline(block.children, siteUrl)}</h2> : <h3 key={key}>{renderInline(block.children, siteUrl)}</h3>;
    case "quote":
      return (
        <blockquote key={key}>
          <p>{renderInline(block.children, siteUrl)}</p>
        </blockquote>
      );
    case "list": {
      const List = block.ordered ? "ol" : "ul";
      return (
        <List key={key}>
          {block.items.map((item, index) => (
            <li key={index}>{renderInline(item, siteUrl)}</li>
          ))}
        </List>
      );
    }
  }
}

function renderInline(nodes: readonly RichInline[], siteUrl: string): ReactNode[] {
  return nodes.map((node, key) => {
    switch (node.kind) {
      case "text":
        return <React.Fragment key={key}>{node.text}</React.Fragment>;
      case "strong":
        return <strong key={key}>{renderInline(node.children, siteUrl)}</strong>;
      case "emphasis":
        return <em key={key}>{renderInline(node.children, siteUrl)}</em>;
      case "link": {
        const children = renderInline(node.children, siteUrl);
        if (!node.href) return <React.Fragment key={key}>{children}</React.Fragment>;
        const link = resolveLink({ pageType: "External", url: node.href }, { siteUrl });
        if (!link.href) return <React.Fragment key={key}>{children}</React.Fragment>;
        const tracked = link.kind === "internal" || link.kind === "external" ? { ...link, attributes: { ...link.attributes, ...eventAttributes("Blog", BLOG_ACTIONS.followLink) } } : link;
        return (
          <SiteLink key={key} link={tracked}>
            {children}
          </SiteLink>
        );
      }
    }
  });
}
