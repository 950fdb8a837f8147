import React, { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { manageHash } from "@mainstreet/rules/workspace/workspace";
import { LoadState, ScreenHeading, ViewLinks } from "../components/ui";
import { formatTime } from "../format";
import { useLocations, useSession } from "../session";
import type { ScreenProps } from "../types";
import { fieldId, pathLabel, valueText } from "./paths";
import { SITE_SECTIONS, sectionLabel, type SiteSection } from "./sections";
import { SiteDraftContext, type SiteDraftControls } from "./site-draft-context";
import type { SiteDocument } from "./site-document";
import type { SiteReveal } from "./section-props";
import { useSiteDraft, type SaveState, type SiteDraft } from "./use-site-draft";

const ignoreChange = () => undefined;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function saveText(save: SaveState, zone: string): string {
  switch (save.kind) {
    case "idle":
      return "Changes are saved as you make them.";
    case "pending":
    case "saving":
      return "Saving…";
    case "saved":
      return `Saved at ${formatTime(save.at, zone)}`;
    case "invalid":
      return `Not saved: ${plural(save.count, "field needs", "fields need")} fixing.`;
    case "failed":
      return `Not saved: ${save.message}${save.retrying ? " Trying again…" : ""}`;
    case "conflict":
      return "Not saved: someone else saved the site first.";
  }
}

const sectionOf = (path: string): SiteSection | undefined => SITE_SECTIONS.find((section) => section.owns?.(path));

/** "2 fields need fixing", each a link to its field (in its section) with its sentence. */
function ErrorSummary({ errors, document, onGo }: { errors: ReadonlyMap<string, string>; document: SiteDocument; onGo: (path: string) => void }) {
  if (errors.size === 0) return null;
  return (
    <div className="site-errors" role="alert">
      <h2 className="site-errors__title">{plural(errors.size, "field needs", "fields need")} fixing</h2>
      <ul>
        {[...errors].map(([path, sentence]) => {
          const section = sectionOf(path);
          const label = path === "" ? "The business data" : pathLabel(path, document);
          return (
            <li key={path}>
              {section ? (
                <a href={manageHash({ screen: "site", view: section.id })} onClick={() => onGo(path)}>
                  {sectionLabel(section, document)}: {label}
                </a>
              ) : (
                <strong>{label}</strong>
              )}{" "}
              {sentence}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A conflict's sentence and the way on; once their version is loaded, what the owner had changed. */
function Conflict({ draft }: { draft: SiteDraft }) {
  const [loading, setLoading] = useState(false);
  if (draft.save.kind === "conflict") {
    return (
      <div className="notice notice--warning" role="alert">
        <p>{draft.save.message}</p>
        <button
          type="button"
          className="button button--primary"
          aria-disabled={loading}
          onClick={() => {
            if (loading) return;
            setLoading(true);
            void draft.loadTheirs().finally(() => setLoading(false));
          }}
        >
          {loading ? "Loading their version…" : "Load their version"}
        </button>
      </div>
    );
  }
  const lost = draft.lostChanges;
  if (!lost) return null;
  const shown = lost.changes.slice(0, 12);
  return (
    <div className="notice" role="status">
      <h2 className="site-errors__title">Their version is loaded: your change was not saved</h2>
      <p>Make it again where it is still needed. You had changed:</p>
      <ul>
        {shown.map((change) => (
          <li key={change.path}>
            {pathLabel(change.path, lost.document)}: {valueText(change.value, change.path)}
          </li>
        ))}
      </ul>
      {lost.changes.length > shown.length ? <p>and {plural(lost.changes.length - shown.length, "more change", "more changes")}.</p> : null}
      <button type="button" className="button" onClick={draft.dismissLostChanges}>
        Done
      </button>
    </div>
  );
}

/**
 * The Site screen (`#/site/<section>`): the business data's draft, edited by section. Owners edit and every
 * change is saved as they go (use-site-draft.ts); staff read it.
 */
export function SiteScreen({ view }: ScreenProps) {
  const { api, user, reads } = useSession();
  const { locations, zoneOf } = useLocations();
  const draft = useSiteDraft(api, reads);
  const section = SITE_SECTIONS.find((entry) => entry.id === view) ?? SITE_SECTIONS[0];
  const [focusPath, setFocusPath] = useState<string | null>(null);
  // The field asked for from the summary, for the section to open the part holding it (a new object per ask).
  const [reveal, setReveal] = useState<SiteReveal | null>(null);
  const goTo = useCallback((path: string) => {
    setFocusPath(path);
    setReveal({ path });
  }, []);
  const flush = useRef(draft.flush);
  flush.current = draft.flush;

  // Leaving a section saves what is waiting at once.
  useEffect(
    () => () => {
      void flush.current();
    },
    [section.id],
  );
  useEffect(() => {
    if (focusPath === null) return;
    const field = window.document.getElementById(fieldId(focusPath));
    if (!field) return;
    field.focus();
    setFocusPath(null);
  }, [focusPath, section.id, draft.document]);

  const owner = user.role === "owner";
  const readOnly = !owner || draft.save.kind === "conflict";
  const controls: SiteDraftControls = useMemo(() => ({ revision: draft.revision, live: draft.live, flush: draft.flush, reload: draft.reload }), [draft.revision, draft.live, draft.flush, draft.reload]);
  const Section = section.component;
  // A read-only field still reports a change in some browsers' autofill and in scripted input: it is dropped.
  const change = readOnly ? ignoreChange : draft.change;

  return (
    <section aria-labelledby="site-title" className="site">
      <div className="screen__header">
        <ScreenHeading id="site-title">Site</ScreenHeading>
        <p className="muted site__status" role="status">
          {draft.document ? saveText(draft.save, zoneOf(locations[0]?.id)) : ""}
        </p>
      </div>
      {owner ? null : <p className="notice">You can read the site here; only an owner can change it.</p>}
      {/* A read that fails over a kept draft says so too: the draft stays, and may not be the latest. */}
      <LoadState loading={draft.loading && !draft.document} error={draft.loadError} onRetry={() => void draft.readAgain()} what="the site" />
      {draft.document ? (
        <SiteDraftContext.Provider value={controls}>
          <Conflict draft={draft} />
          <ErrorSummary errors={draft.errors} document={draft.document} onGo={goTo} />
          <div className="site__layout">
            <ViewLinks label="Site sections" links={SITE_SECTIONS.map((entry) => ({ label: sectionLabel(entry, draft.document), route: { screen: "site", view: entry.id }, current: entry.id === section.id }))} />
            <section className="site__section" aria-labelledby="site-section-title">
              <h2 id="site-section-title">{sectionLabel(section, draft.document)}</h2>
              <Section document={draft.document} change={change} readOnly={readOnly} errors={draft.errors} reveal={reveal} />
            </section>
          </div>
        </SiteDraftContext.Provider>
      ) : null}
    </section>
  );
}
