/**
 * When an internal link click gets the page-out fade (SPEC §2 Routing behaviour): only a plain left
 * click on a same-origin link to another path, that the browser would open in this tab, and only when
 * the visitor has not asked for reduced motion. Everything else is left to the browser and the router.
 */
export type TransitionClick = {
  /** The link's resolved absolute url (`anchor.href`). */
  href: string;
  /** The page's current url (`location.href`). */
  current: string;
  button: number;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  defaultPrevented?: boolean;
  /** The anchor's target attribute. */
  target?: string | null;
  /** True when the anchor has a download attribute. */
  download?: boolean;
  reducedMotion: boolean;
};

export type TransitionDecision = { transition: false } | { transition: true; to: string };

export function pageTransitionFor(click: TransitionClick): TransitionDecision {
  const none = { transition: false } as const;
  if (click.defaultPrevented || click.reducedMotion || click.download) return none;
  if (click.button !== 0 || click.altKey || click.ctrlKey || click.metaKey || click.shiftKey) return none;
  if (click.target && click.target !== "_self") return none;
  let target: URL;
  let current: URL;
  try {
    target = new URL(click.href);
    current = new URL(click.current);
  } catch {
    return none;
  }
  if (target.origin !== current.origin || !/^https?:$/.test(target.protocol)) return none;
  // Same path (a hash or query change on this page) keeps the page: no fade.
  if (normalisePath(target.pathname) === normalisePath(current.pathname)) return none;
  return { transition: true, to: `${target.pathname}${target.search}${target.hash}` };
}

function normalisePath(path: string): string {
  return path.endsWith("/") ? path : `${path}/`;
}
