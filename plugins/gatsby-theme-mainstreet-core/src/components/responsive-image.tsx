import React, { type CSSProperties } from "react";
import type { IGatsbyImageData } from "gatsby-plugin-image";

interface ResponsiveImageProps {
  image: IGatsbyImageData;
  /** Required: an empty string marks a decorative image, never a missing description. */
  alt: string;
  className?: string;
  /** Above the fold: fetched at once and with high priority (it is usually the LCP element). */
  eager?: boolean;
  /** Fetch ahead of other images; defaults to `eager` (a logo is eager but never the LCP image). */
  priority?: boolean;
}

/**
 * Renders gatsby-plugin-image's generated data (its sharp-made sources, srcset, sizes and blurred
 * placeholder) as plain server-rendered HTML. The plugin's own `GatsbyImage` hydrates each image in
 * the browser and imports `react-dom/server` to do it, JavaScript on every page with a picture, and
 * its lazy images ship without `src`, which is invalid HTML. Native `loading="lazy"` and the
 * intrinsic width/height give the same lazy loading
 * and zero layout shift with no script at all.
 */
export function ResponsiveImage({ image, alt, className, eager = false, priority = eager }: ResponsiveImageProps) {
  const { layout, images, placeholder, backgroundColor } = image;
  // sharp's sizes can come out as 426.99999999999994; HTML wants whole pixels.
  const width = Math.round(image.width);
  const height = Math.round(image.height);
  const fallback = images.fallback;
  const wrapperStyle: CSSProperties = {
    ...(layout === "fixed" ? { width, height } : layout === "constrained" ? { maxWidth: width } : {}),
    // The placeholder sits behind the picture; the decoded image simply covers it.
    ...(placeholder?.fallback
      ? { backgroundImage: `url("${placeholder.fallback}")`, backgroundSize: "cover", backgroundPosition: "center" }
      : backgroundColor
        ? { backgroundColor }
        : {}),
  };
  // React 18 does not know the camel-cased fetchPriority prop; the lower-case attribute passes through.
  const fetchPriority = priority ? ({ fetchpriority: "high" } as Record<string, string>) : {};
  return (
    <div className={["responsive-image", `responsive-image--${layout}`, className].filter(Boolean).join(" ")} style={wrapperStyle}>
      <picture>
        {(images.sources ?? []).map((source) => (
          <source key={`${source.type ?? ""}${source.media ?? ""}`} type={source.type} media={source.media} srcSet={source.srcSet} sizes={source.sizes} />
        ))}
        <img
          src={fallback?.src}
          srcSet={fallback?.srcSet}
          sizes={fallback?.sizes}
          width={width}
          height={height}
          alt={alt}
          loading={eager ? "eager" : "lazy"}
          decoding={eager ? "sync" : "async"}
          {...fetchPriority}
        />
      </picture>
    </div>
  );
}
