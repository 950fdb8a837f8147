import type { Page } from "@playwright/test";

/**
 * Counts React's commits in the page, and how many components each one rendered, through the hook
 * React DevTools uses (`__REACT_DEVTOOLS_GLOBAL_HOOK__`): react-dom calls `onCommitFiberRoot` after
 * every commit, production builds included. Installed before any page script runs.
 *
 * A component counts as rendered in a commit when its fiber is new (hydration, a mount) or its props or
 * state object differ from its previous fiber's: a bailed-out fiber is cloned with the same objects.
 */
export interface CommitRecord {
  /** Milliseconds since navigation start. */
  at: number;
  /** Function, class, forwardRef and memo components rendered in this commit. */
  rendered: number;
  /** All such components in the tree after the commit. */
  total: number;
  /** The first few rendered components' names (minified in production, still useful to compare). */
  names: string[];
}

declare global {
  interface Window {
    __mainstreetCommits?: CommitRecord[];
  }
}

function installCommitCounter(): void {
  const commits: CommitRecord[] = [];
  window.__mainstreetCommits = commits;
  // Function, class, forwardRef, memo and simple memo components (React 18 work tags).
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  interface Fiber {
    tag: number;
    type: unknown;
    child: Fiber | null;
    sibling: Fiber | null;
    alternate: Fiber | null;
    memoizedProps: unknown;
    memoizedState: unknown;
  }
  const nameOf = (fiber: Fiber): string => {
    const type = fiber.type as { displayName?: string; name?: string; render?: { name?: string }; type?: { name?: string } } | null;
    return type?.displayName ?? type?.name ?? type?.render?.name ?? type?.type?.name ?? "?";
  };
  const hook = {
    supportsFiber: true,
    renderers: new Map<number, unknown>(),
    inject(renderer: unknown) {
      const id = hook.renderers.size + 1;
      hook.renderers.set(id, renderer);
      return id;
    },
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      let rendered = 0;
      let total = 0;
      const names: string[] = [];
      const stack: Fiber[] = root.current.child ? [root.current.child] : [];
      while (stack.length > 0) {
        const fiber = stack.pop() as Fiber;
        if (COMPONENT_TAGS.has(fiber.tag)) {
          total += 1;
          const previous = fiber.alternate;
          if (!previous || previous.memoizedProps !== fiber.memoizedProps || previous.memoizedState !== fiber.memoizedState) {
            rendered += 1;
            if (names.length < 12) names.push(nameOf(fiber));
          }
        }
        if (fiber.sibling) stack.push(fiber.sibling);
        if (fiber.child) stack.push(fiber.child);
      }
      commits.push({ at: Math.round(performance.now()), rendered, total, names });
    },
  };
  Object.defineProperty(window, "__REACT_DEVTOOLS_GLOBAL_HOOK__", { value: hook, configurable: true });
}

/** Call before `page.goto`: every commit of the pages this tab loads is then recorded. */
export async function recordReactCommits(page: Page): Promise<void> {
  await page.addInitScript(installCommitCounter);
}

/** The commits recorded so far on the current document. */
export async function reactCommits(page: Page): Promise<CommitRecord[]> {
  return page.evaluate(() => window.__mainstreetCommits ?? []);
}
