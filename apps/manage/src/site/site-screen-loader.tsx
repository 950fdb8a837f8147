import React, { Component, Suspense, lazy, useState, type ReactNode } from "react";
import { ErrorText } from "../components/ui";
import type { ScreenProps } from "../types";
// In the workspace's one style sheet: a style sheet imported by the lazy chunk would be written apart and never loaded.
import "./site.css";
import "./menu-sections.css";

/**
 * The Site screen is the workspace's largest part and most visits never open it: its code is fetched only
 * when it is opened (a chunk of its own, esbuild `splitting`), so the workspace's first load stays as it was.
 */
const load = () => lazy(() => import("./site-screen").then((module) => ({ default: module.SiteScreen })));

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
