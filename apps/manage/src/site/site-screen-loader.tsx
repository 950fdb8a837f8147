import React, { Component, Suspense, lazy, useState, type ComponentType, type ReactNode } from "react";
import { ErrorText } from "../components/ui";
import type { ScreenProps } from "../types";
// In the workspace's one style sheet: a style sheet imported by the lazy chunk would be written apart and never loaded.
import "./site.css";
import "./menu-sections.css";

/**
 * The Site screen is the workspace's largest part: its code is a chunk of its own (esbuild `splitting`), kept out
 * of the workspace's first load and fetched when the browser is idle after signing in (`preloadSiteScreen`), so
 * opening the screen does not wait for it; opened before that, it is fetched then.
 */
let fetched: Promise<typeof import("./site-screen")> | null = null;
/** The chunk once it has run: the screen then renders in the click's own turn, with no suspending and no fallback. */
let ready: typeof import("./site-screen") | null = null;

/** Fetches and runs the Site screen's chunk once; a failed fetch is forgotten, so the next try fetches again. */
export function preloadSiteScreen(): Promise<typeof import("./site-screen")> {
  fetched ??= import("./site-screen").then(
    (module) => {
      ready = module;
      return module;
    },
    (error: unknown) => {
      fetched = null;
      throw error;
    },
  );
  return fetched;
}

const load = (): ComponentType<ScreenProps> => ready?.SiteScreen ?? lazy(() => preloadSiteScreen().then((module) => ({ default: module.SiteScreen })));

class LoadFailure extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="load-error">
        <ErrorText message="The Site screen could not be loaded. Check the connection and try again." />
        <button type="button" className="button" onClick={this.props.onRetry}>
          Try again
        </button>
      </div>
    );
  }
}

export function LazySiteScreen(props: ScreenProps) {
  // A failed import is remembered by its lazy component: trying again needs a new one.
  const [attempt, setAttempt] = useState(() => ({ key: 0, Screen: load() }));
  const { Screen } = attempt;
  return (
    <LoadFailure key={attempt.key} onRetry={() => setAttempt((current) => ({ key: current.key + 1, Screen: load() }))}>
      <Suspense
        fallback={
          <p className="muted" role="status">
            Opening the site…
          </p>
        }
      >
        <Screen {...props} />
      </Suspense>
    </LoadFailure>
  );
}
