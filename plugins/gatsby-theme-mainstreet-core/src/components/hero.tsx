import React, { type ReactNode } from "react";
import { Picture, type ImageNode } from "./page-header";

interface HeroProps {
  title: string;
  /** Small line above the title, e.g. the cities the business is in. */
  eyebrow?: string | null;
  tagline?: string | null;
  image?: ImageNode | null;
  /** Calls to action (booking, the menu). */
  actions?: ReactNode;
  /** Extra line under the tagline, e.g. the live open status. */
  children?: ReactNode;
}

/**
 * The home page's hero (SPEC §2 Layout: top of page): the business name as the page's h1, its tagline and
 * calls to action beside the hero image from the business data (loaded eagerly: it is the largest paint).
 */
export function Hero({ title, eyebrow, tagline, image, actions, children }: HeroProps) {
  return (
    <section className={image ? "hero" : "hero hero--text-only"} aria-labelledby="hero-title">
      <div className="hero__inner container">
        <div className="hero__content">
          {eyebrow ? <p className="hero__eyebrow">{eyebrow}</p> : null}
          <h1 id="hero-title" className="hero__title">
            {title}
          </h1>
          {tagline ? <p className="hero__tagline">{tagline}</p> : null}
          {children}
          {actions ? <div className="actions hero__actions">{actions}</div> : null}
        </div>
        {image ? (
          <div className="hero__media">
            <Picture image={image} className="hero__image" eager />
          </div>
        ) : null}
      </div>
    </section>
  );
}
