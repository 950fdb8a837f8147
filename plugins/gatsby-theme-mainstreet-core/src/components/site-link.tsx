import React, { type ReactNode } from "react";
import { Link } from "gatsby";
import type { ResolvedLink } from "@mainstreet/rules/site/links";

interface SiteLinkProps {
  link: ResolvedLink;
  className?: string;
  children?: ReactNode;
  onClick?: () => void;
}

/** Renders a resolved link: the router for internal paths, a plain anchor for everything else. */
export function SiteLink({ link, className, children, onClick }: SiteLinkProps) {
  const classes = [link.className, className, link.isButton ? "button" : undefined].filter(Boolean).join(" ") || undefined;
  const content = children ?? link.label;
  if (!link.href) return <span className={classes}>{content}</span>;
  if (link.kind === "internal" && link.href.startsWith("/")) {
    return (
      <Link to={link.href} className={classes} activeClassName="is-active" partiallyActive={link.href !== "/"} onClick={onClick} {...link.attributes}>
        {content}
      </Link>
    );
  }
  return (
    <a href={link.href} className={classes} target={link.target} rel={link.rel} onClick={onClick} {...link.attributes}>
      {content}
      {link.target === "_blank" ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
    </a>
  );
}
