import React, { type ReactNode } from "react";
import type { MainstreetImage } from "../data/node-shapes";
import { ResponsiveImage } from "./responsive-image";

export type ImageNode = Pick<MainstreetImage, "alt" | "file">;

export function Picture({ image, className, eager }: { image?: ImageNode | null; className?: string; eager?: boolean }) {
  const data = image?.file?.childImageSharp?.gatsbyImageData;
  if (!data || !image) return null;
  return <ResponsiveImage image={data} alt={image.alt} className={className} eager={eager} />;
}

export function PageHeader({ title, lead, children }: { title: string; lead?: string | null; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="container">
        <h1>{title}</h1>
        {lead ? <p className="page-header__lead">{lead}</p> : null}
        {children}
      </div>
    </header>
  );
}

/** Plain text from data, split into paragraphs; never parsed as HTML. */
export function TextBlocks({ text }: { text?: string | null }) {
  if (!text) return null;
  return (
    <>
      {text
        .split(/\n{2,}/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
    </>
  );
}
