import React from "react";
import { Link } from "gatsby";
import type { SiteImage } from "../hooks/use-site-data";
import { ResponsiveImage } from "./responsive-image";

interface LogoProps {
  title?: string | null;
  image?: SiteImage | null;
  className?: string;
}

/**
 * Links to the site root; renders nothing when there is neither a title nor an image (SPEC §2). A logo
 * image usually carries the name already, so the title is written out only when there is no image; the
 * link's accessible name is the business name either way.
 */
export function Logo({ title, image, className }: LogoProps) {
  const name = title?.trim();
  const data = image?.file?.childImageSharp?.gatsbyImageData;
  if (!name && !data) return null;
  return (
    <Link to="/" className={["logo", className].filter(Boolean).join(" ")} aria-label={name ? `${name}, home` : "Home"}>
      {data ? <ResponsiveImage image={data} alt="" className="logo__image" eager priority={false} /> : null}
      {name && !data ? <span className="logo__title">{name}</span> : null}
    </Link>
  );
}
