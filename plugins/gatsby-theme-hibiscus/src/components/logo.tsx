import React from "react";
import { Link } from "gatsby";
import { GatsbyImage, getImage } from "gatsby-plugin-image";
import type { SiteImage } from "../hooks/use-site-data";

interface LogoProps {
  title?: string | null;
  image?: SiteImage | null;
}

/** Links to the site root; renders nothing when there is neither a title nor an image (SPEC §2). */
export function Logo({ title, image }: LogoProps) {
  const name = title?.trim();
  const data = image?.file?.childImageSharp ? getImage(image.file.childImageSharp.gatsbyImageData) : undefined;
  if (!name && !data) return null;
  return (
    <Link to="/" className="logo" aria-label={name ? `${name}, home` : "Home"}>
      {data ? <GatsbyImage image={data} alt="" className="logo__image" loading="eager" /> : null}
      {name ? <span className="logo__title">{name}</span> : null}
    </Link>
  );
}
