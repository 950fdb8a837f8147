import React, { useId, useState } from "react";
import type { ClosedTodayReply } from "@mainstreet/rules/api/site-facts-api";
import { wallClock } from "@mainstreet/rules/hours/wall-clock";
import { ActionButton, ErrorText, useNow } from "../components/ui";
import { useLocations, useSession } from "../session";
import type { SiteDocument } from "./site-document";

interface ClosedTodayProps {
  /** The draft, to tell which locations are closed today already. */
  document: SiteDocument;
  /** Staff read the site; only owners edit. */
  readOnly: boolean;
  /** The service wrote a new draft revision: the Site screen reloads the draft from it. */
  onSaved: (reply: ClosedTodayReply) => void;
  /** Runs first: edits still waiting are saved, so the closure's new revision comes after them. */
  beforeSave?: () => Promise<void>;
}

type DocumentLocation = { id?: string; _id?: string; specialHours?: { date: string; closed?: boolean | null }[] };

/** Whether the draft closes the location on `date`. */
function closedOn(document: SiteDocument, locationId: string, date: string): boolean {
  const locations = (document.locations ?? []) as DocumentLocation[];
  const location = locations.find((candidate) => (candidate.id ?? candidate._id) === locationId);
  return (location?.specialHours ?? []).some((entry) => entry.date === date && entry.closed === true);
}

function todayIn(zone: string, now: number): string | null {
  try {
    return wallClock(now, zone).date;
  } catch {
    return null;
  }
}

/**
 * "Closed today" for each location (docs/publishing.md "Facts read live"): the quick action for a day that
 * cannot wait for a build. It closes the location for the rest of its own today (the date on its clock),
 * puts that on the live site within a minute and stops orders and bookings for today; the next Publish bakes
 * it in. "Open again today" undoes it.
 */
export function ClosedTodayControl({ document, readOnly, onSaved, beforeSave }: ClosedTodayProps) {
  const { api, announce } = useSession();
  const { locations } = useLocations();
  const now = useNow();
  const headingId = useId();
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const set = async (locationId: string, name: string, closed: boolean) => {
    await beforeSave?.();
    const reply = await api.send<ClosedTodayReply>("POST", "manage/site/closed-today/", { location_id: locationId, closed });
    announce(closed ? `${name} is closed today. The live site shows it within a minute.` : `${name} is open again today. The live site shows it within a minute.`);
    onSaved(reply);
  };
  return (
    <section className="closed-today card" aria-labelledby={headingId}>
      <h2 id={headingId}>Closed today</h2>
      <p className="muted">Closes a location for the rest of today on the live site within a minute, and stops orders and bookings for today. No publish needed.</p>
      <ul className="closed-today__list">
        {locations.map((location) => {
          const today = todayIn(location.time_zone, now);
          const closed = today !== null && closedOn(document, location.id, today);
          return (
            <li key={location.id} className="closed-today__location">
              <span>
                <strong>{location.name}</strong>: {closed ? "closed today" : "open by its hours today"}
              </span>
              {readOnly || today === null ? null : (
                <ActionButton className={closed ? "button" : "button button--danger"} busyLabel="Saving…" onAction={() => set(location.id, location.name, !closed)} onError={setError} describedBy={error ? errorId : undefined}>
                  {closed ? `Open ${location.name} again today` : `Close ${location.name} today`}
                </ActionButton>
              )}
            </li>
          );
        })}
      </ul>
      <ErrorText id={errorId} message={error} />
    </section>
  );
}
