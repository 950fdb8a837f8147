import React, { useCallback, useEffect, useState } from "react";
import type { RevisionEntry, RevisionsReply, SiteSaveReply } from "@mainstreet/rules/api/site-api";
import { errorMessage } from "../api/client";
import { ConfirmDialog } from "../components/dialog";
import { ErrorText, LoadState } from "../components/ui";
import { formatDay, formatTime } from "../format";
import { useLocations, useSession } from "../session";
import { useConfirmedAction } from "../use-confirmed-action";
import type { SiteSectionProps } from "./section-props";
import { useSiteDraftControls } from "./site-draft-context";

const who = (entry: RevisionEntry) => (entry.saved_by.kind === "import" ? "Imported from a data file" : entry.saved_by.email || "A removed account");

interface Pages {
  revisions: RevisionEntry[];
  next: number | null;
}

/** The draft's history, newest first, a page at a time. */
function useHistory() {
  const { api } = useSession();
  const [pages, setPages] = useState<Pages | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const read = useCallback(
    async (before: number | null) => {
      setLoading(true);
      setError(null);
      try {
        const reply = await api.get<RevisionsReply>(`manage/site/revisions/${before === null ? "" : `?before=${before}`}`);
        setPages((current) => ({ revisions: before === null ? reply.revisions : [...(current?.revisions ?? []), ...reply.revisions], next: reply.next_before }));
      } catch (caught) {
        setError(errorMessage(caught));
      } finally {
        setLoading(false);
      }
    },
    [api],
  );
  useEffect(() => {
    void read(null);
  }, [read]);
  return { pages, loading, error, read };
}

/** History: who saved each revision, when on the business's clock and what changed; any revision restored as the draft; the data file. */
export function HistorySection({ readOnly }: SiteSectionProps) {
  const { api, announce, user } = useSession();
  const { locations, zoneOf } = useLocations();
  const controls = useSiteDraftControls();
  const history = useHistory();
  const zone = zoneOf(locations[0]?.id);
  const owner = user.role === "owner";
  const restore = useConfirmedAction<RevisionEntry>(async (entry) => {
    await controls.flush();
    const reply = await api.send<SiteSaveReply>("POST", `manage/site/revisions/${entry.revision}/restore/`);
    await controls.reload();
    await history.read(null);
    announce(`Revision ${entry.revision} restored: the draft is now revision ${reply.revision}.`);
  });
  const revisions = history.pages?.revisions ?? [];
  const current = controls.revision;

  return (
    <>
      {owner ? (
        <div className="site-group">
          <h3 className="site-group__title">The data file</h3>
          <p className="hint">The whole draft as a business.json file: a copy to keep, or to import elsewhere. With its photos, it is one zip file with the data file and every photo it names.</p>
          <p className="site-group__actions">
            <a className="button" href={api.url("manage/site/export/")} download>
              Download the data file
            </a>
            <a className="button" href={api.url("manage/site/export/?format=zip")} download>
              Download with photos (zip)
            </a>
          </p>
        </div>
      ) : null}
      <LoadState loading={history.loading && !history.pages} error={history.pages ? null : history.error} onRetry={() => void history.read(null)} what="the history" />
      {revisions.length > 0 ? (
        <ol className="history" aria-label="Revisions, newest first">
          {revisions.map((entry) => (
            <li key={entry.revision} className="history__entry">
              <p className="history__title">
                <strong>Revision {entry.revision}</strong>
                {entry.revision === current ? <span className="badge"> (the draft)</span> : null}
              </p>
              <p>{entry.summary}</p>
              <p className="muted">
                {who(entry)}, {formatDay(entry.saved_at, zone)} {formatTime(entry.saved_at, zone)}
              </p>
              {owner && !readOnly && entry.revision !== current ? (
                <button type="button" className="button button--small" onClick={() => restore.ask(entry)}>
                  Restore as the draft<span className="visually-hidden"> (revision {entry.revision})</span>
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {history.pages && history.error ? <ErrorText message={history.error} /> : null}
      {history.pages?.next ? (
        <button type="button" className="button" aria-disabled={history.loading} onClick={() => !history.loading && void history.read(history.pages?.next ?? null)}>
          {history.loading ? "Loading older revisions…" : "Show older"}
        </button>
      ) : null}
      <ConfirmDialog
        {...restore.dialog}
        title={restore.target ? `Restore revision ${restore.target.revision}?` : "Restore"}
        confirmLabel="Restore as the draft"
        busyLabel="Restoring…"
        cancelLabel="Keep the draft as it is"
      >
        <p>The draft becomes this revision again, as a new revision: nothing in the history is lost, and the live site changes only when you publish.</p>
      </ConfirmDialog>
    </>
  );
}
