import type { Page } from "@playwright/test";

/**
 * Counts React's commits in the page, and how many components each one rendered, through the hook
 * React DevTools uses (`__REACT_DEVTOOLS_GLOBAL_HOOK__`): react-dom calls `onCommitFiberRoot` after
 * every commit, production builds included. Installed before any page script runs.
 *
 * A component counts as rendered in a commit when React worked on its fiber in that commit (the fiber is
 * not the very object the previous commit left in the tree: React swaps in the alternate of any fiber it
 * visits) and its props or state object differ from its alternate's (a fiber visited only to reach a
 * child is cloned with the same objects). A new fiber (hydration, a mount) counts as rendered.
 */
export interface CommitRecord {
  /** Milliseconds since navigation start. */
  at: number;
  /** Function, class, forwardRef and memo components rendered in this commit. */
  rendered: number;
  /** Of those, the ones that had rendered before (not mounted or hydrated in this commit): renders again. */
  rerendered: number;
  /** All such components in the tree after the commit. */
  total: number;
  /** The first few rendered components' names (minified in production, still useful to compare). */
  names: string[];
  /**
   * Where each re-render started: rendered components whose nearest component ancestor did not render,
   * as name and the start of their code (production names are minified; the code tells them apart).
   */
  roots: string[];
}

declare global {
  interface Window {
    __mainstreetCommits?: CommitRecord[];
  }
}

/*
 * Plain JavaScript, not a function passed to Playwright: a TypeScript function is serialised as its
 * compiled text, and compilers that keep names (esbuild, tsx) add helper calls the page does not have.
 */
const INSTALL_COMMIT_COUNTER = `(() => {
  const commits = [];
  window.__mainstreetCommits = commits;
  // Function, class, forwardRef, memo and simple memo components (React 18 work tags).
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const nameOf = (fiber) => {
    const type = fiber.type;
    return (type && (type.displayName || type.name || (type.render && type.render.name) || (type.type && type.type.name))) || "?";
  };
  // The fibers each root's previous commit left in its tree.
  const previousTrees = new WeakMap();
  const hook = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) {
      const id = hook.renderers.size + 1;
      hook.renderers.set(id, renderer);
      return id;
    },
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
    onCommitFiberRoot(_id, root) {
      let rendered = 0;
      let rerendered = 0;
      let total = 0;
      const names = [];
      const roots = [];
      // Each entry: a fiber and whether its nearest component ancestor rendered in this commit.
      const before = previousTrees.get(root) || new WeakSet();
      const now = new WeakSet();
      const stack = root.current.child ? [[root.current.child, false]] : [];
      while (stack.length > 0) {
        const [fiber, parentRendered] = stack.pop();
        let renderedHere = parentRendered;
        if (COMPONENT_TAGS.has(fiber.tag)) {
          total += 1;
          const previous = fiber.alternate;
          renderedHere = !before.has(fiber) && (!previous || previous.memoizedProps !== fiber.memoizedProps || previous.memoizedState !== fiber.memoizedState);
          if (renderedHere) {
            rendered += 1;
            if (previous) rerendered += 1;
            if (names.length < 12) names.push(nameOf(fiber));
            if (!parentRendered && roots.length < 8) roots.push(nameOf(fiber) + ": " + String(fiber.type && (fiber.type.render || fiber.type.type || fiber.type)).slice(0, 140));
          }
        }
        now.add(fiber);
        if (fiber.sibling) stack.push([fiber.sibling, parentRendered]);
        if (fiber.child) stack.push([fiber.child, renderedHere]);
      }
      previousTrees.set(root, now);
      commits.push({ at: Math.round(performance.now()), rendered, rerendered, total, names, roots });
    },
  };
  Object.defineProperty(window, "__REACT_DEVTOOLS_GLOBAL_HOOK__", { value: hook, configurable: true });
})();`;

/** Call before `page.goto`: every commit of the pages this tab loads is then recorded. */
export async function recordReactCommits(page: Page): Promise<void> {
  await page.addInitScript({ content: INSTALL_COMMIT_COUNTER });
}

/** The commits recorded so far on the current document. */
export async function reactCommits(page: Page): Promise<CommitRecord[]> {
  return page.evaluate(() => window.__mainstreetCommits ?? []);
}
