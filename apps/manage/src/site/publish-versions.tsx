import React from "react";
import type { PublishListEntry } from "@mainstreet/rules/api/publish-api";
import type { SiteReply } from "@mainstreet/rules/api/site-api";
import { ConfirmDialog } from "../components/dialog";
import { formatDay, formatTime } from "../format";
import { useLocations, useSession } from "../session";
import { useConfirmedAction } from "../use-confirmed-action";

type Live = NonNullable<SiteReply["live"]>;

/** `Fri, Nov 27 6:30 PM` on the business's clock. */
function useWhen(): (at: string) => string {
  const { zoneOf } = useLocations();
  const zone = zoneOf(null);
  return (at) => `${formatDay(at, zone)} ${formatTime(at, zone)}`;
}

/** The draft's revision and the version the public sees (when, and who pressed Publish when known). */
export function SiteVersionsSummary({ revision, live, publishes }: { revision: number; live: Live | null; publishes: readonly PublishListEntry[] }) {
  const when = useWhen();
  const by = live ? publishes.find((entry) => entry.version === live.version)?.requested_by : null;
  return (
    <dl className="publish__summary">
      <div>
        <dt>Draft</dt>
        <dd>Revision {revision}</dd>
      </div>
      <div>
        <dt>Live site</dt>
        <dd>
          {live
            ? `Version ${live.version} (revision ${live.revision}), live since ${when(live.published_at)}${by ? `, published by ${by}` : ""}`
            : "Not published yet: visitors see the site as it was first built."}
        </dd>
      </div>
    </dl>
  );
}

/**
 * The versions still kept, newest first: the live one marked, the others each with `Roll back to version N`
 * (asked in a dialog, then switched at once, no build). Staff see the list without the buttons.
 */
export function PublishVersions({ versions, live, readOnly, onRolledBack }: { versions: readonly PublishListEntry[]; live: Live | null; readOnly: boolean; onRolledBack: () => void }) {
  const { api, announce } = useSession();
  const when = useWhen();
  const rollback = useConfirmedAction<number>(async (version) => {
    await api.send("POST", "manage/site/rollback/", { version });
    announce(`Version ${version} is live again.`);
    onRolledBack();
  });
  if (versions.length === 0) return null;
  return (
    <section aria-labelledby="versions-heading" className="card publish__part">
      <h3 id="versions-heading">Versions kept</h3>
      <ul className="publish__versions">
        {versions.map((entry) => (
          <li key={entry.id}>
            <span>
              <strong>Version {entry.version}</strong> (revision {entry.revision}){entry.finished_at ? `, built ${when(entry.finished_at)}` : ""}
              {entry.requested_by ? ` by ${entry.requested_by}` : ""}
              {live?.version === entry.version ? <strong className="publish__live"> Live now</strong> : null}
            </span>
            {readOnly || live?.version === entry.version ? null : (
              <button type="button" className="button button--small" onClick={() => rollback.ask(entry.version)}>
                Roll back to version {entry.version}
              </button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        {...rollback.dialog}
        title={`Roll back to version ${rollback.target ?? ""}?`}
        confirmLabel="Roll back"
        busyLabel="Rolling back…"
        cancelLabel="Keep the live site"
      >
        <p>Visitors see version {rollback.target} again at once. Your draft is not changed; publish again to go forward.</p>
      </ConfirmDialog>
    </section>
  );
}
