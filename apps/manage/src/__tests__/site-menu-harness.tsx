import React, { useCallback, useState } from "react";
import { act, render } from "@testing-library/react";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BusinessSchema } from "@mainstreet/rules/business/schema";
import { createApi } from "../api/client";
import { SessionProvider } from "../session";
import { ReadCache } from "../reads";
import type { SiteReveal, SiteSectionProps } from "../site/section-props";
import type { SiteDocument } from "../site/site-document";
import { OWNER } from "./fake-service";

/**
 * A section of the Site screen on its own, as the draft machinery gives it (SiteSectionProps): the document
 * is state, `change` applies an edit at once, and the test reads the document the section wrote. Calls to
 * the service (photo uploads, thumbnails) go to `fetch`.
 */

export const salon = (): SiteDocument => JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "..", "data", "salon", "business.json"), "utf8")) as SiteDocument;
export const restaurant = (): SiteDocument => JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "..", "data", "restaurant", "business.json"), "utf8")) as SiteDocument;

/** The contract's problems with a document, as paths: what the service would refuse. */
export function contractProblems(document: SiteDocument): string[] {
  const result = BusinessSchema.safeParse(document);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

export function renderSection(
  Section: (props: SiteSectionProps) => React.JSX.Element,
  initial: SiteDocument,
  options: { readOnly?: boolean; errors?: ReadonlyMap<string, string>; fetch?: typeof fetch; wrap?: (node: React.ReactElement) => React.ReactElement } = {},
) {
  // `ask(path)`: the owner follows the error summary's link to the field at `path` (SiteSectionProps.reveal).
  const state = { document: initial, changes: 0, ask: (_path: string) => undefined as void };
  const api = createApi({ base: "/api/", csrfToken: () => "csrf", onUnauthorized: () => undefined, fetch: options.fetch ?? (async () => new Response("{}", { status: 500 })) });
  function Host() {
    const [document, setDocument] = useState(initial);
    const change = useCallback((edit: (document: SiteDocument) => SiteDocument) => {
      state.changes += 1;
      setDocument((current) => {
        state.document = edit(current);
        return state.document;
      });
    }, []);
    const [reveal, setReveal] = useState<SiteReveal | null>(null);
    state.ask = (path: string) => act(() => setReveal({ path }));
    const section = <Section document={document} change={change} readOnly={options.readOnly ?? false} errors={options.errors ?? new Map()} reveal={reveal} />;
    return <SessionProvider value={{ api, user: OWNER, signOut: async () => undefined, announce: () => undefined, reads: new ReadCache() }}>{options.wrap ? options.wrap(section) : section}</SessionProvider>;
  }
  const view = render(<Host />);
  return { ...view, state };
}
