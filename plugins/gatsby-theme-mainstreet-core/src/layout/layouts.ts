import type { ComponentType, ReactNode } from "react";

export interface LayoutProps {
  children: ReactNode;
  path: string;
  template: string;
  /** The location a location page is about (its page context): the footer speaks of it there. */
  locationId?: string;
}

export type LayoutRegistry = Readonly<Record<string, ComponentType<LayoutProps> | undefined>>;

export const LAYOUT_NOT_FOUND = "Couldn't find layout component";

/** Picks the layout a page asked for; a page may not render without one (SPEC §2). */
export function resolveLayout(registry: LayoutRegistry, name: string = "default"): ComponentType<LayoutProps> {
  const layout = registry[name];
  if (!layout) throw new Error(LAYOUT_NOT_FOUND);
  return layout;
}
