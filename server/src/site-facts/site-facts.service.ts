import { validateBusiness } from "@mainstreet/rules/business/load";
import { formatBusinessFile } from "@mainstreet/rules/business/file-format";
import type { Business, Location } from "@mainstreet/rules/business/schema";
import { dateIn, documentWithClosure, factsReplyAt, factsWithClosure, storedFactsOf } from "@mainstreet/rules/business/site-facts";
import { mergeLiveHours } from "@mainstreet/rules/hours/live-facts";
import type { ClosedTodayBody, ClosedTodayReply, SiteFactsReply, StoredFacts } from "@mainstreet/rules/api/site-facts-api";
import type { Catalog } from "../catalog/catalog";
import type { Db, Queryable } from "../db/db";
import { notFound, unprocessable } from "../http/errors";
import type { Saver } from "../site/site.service";
import { headOf, insertRevision, moveDraft, revisionOf } from "../site/site.store";
import { deleteFacts, factsOf, liveRevisionOf, writeFacts } from "./site-facts.store";

/**
 * Facts read live (docs/publishing.md "Facts read live"): the hours, special hours and announcement the live
 * site reads without a build, and the order and booking rules read too. They are the facts of the revision the
 * owner last published, from the moment Publish is pressed; a failed build puts back the live version's, a
 * rollback the version's it goes back to. "Closed today" adds a closure to the draft (so the next build bakes
 * it in) and to the live facts at once, without the draft's other unpublished edits.
 */

const NO_DATA = (businessId: string) => `${businessId} has no site data in the database yet: import its data file first (npm run merchant:import)`;

function businessOf(document: unknown, what: string): Business {
  const checked = validateBusiness(document, what);
  if (!checked.ok) throw new Error(`${what} no longer passes the data contract: ${checked.problems.join("; ")}`);
  return checked.business;
}

/**
 * The facts of one revision, from its document; null for a revision the data contract no longer takes (written
 * under an older contract): its build fails too, so its facts never go live.
 */
export async function factsOfRevision(q: Queryable, businessId: string, revision: number): Promise<StoredFacts | null> {
  const row = await revisionOf(q, businessId, revision);
  if (!row) throw new Error(`revision ${revision} of ${businessId} is not in the database`);
  const checked = validateBusiness(row.data, `revision ${revision} of ${businessId}`);
  return checked.ok ? storedFactsOf(checked.business, revision) : null;
}

async function writeFactsOf(q: Queryable, businessId: string, revision: number, at: Date): Promise<void> {
  const facts = await factsOfRevision(q, businessId, revision);
  if (facts) await writeFacts(q, businessId, facts, at);
}

/** Publish pressed for `revision`: its facts are live at once, while the build runs. */
export async function factsOnPublish(q: Queryable, businessId: string, revision: number, at: Date): Promise<void> {
  await factsOf(q, businessId, true);
  await writeFactsOf(q, businessId, revision, at);
}

/** A version of `revision` went live: its facts, unless newer ones were set since (a later Publish, Closed today). */
export async function factsOnLive(q: Queryable, businessId: string, revision: number, at: Date): Promise<void> {
  const row = await factsOf(q, businessId, true);
  if (row && row.revision >= revision) return;
  await writeFactsOf(q, businessId, revision, at);
}

/** A rollback to a version of `revision`: that version's facts come back with it. */
export async function factsOnRollback(q: Queryable, businessId: string, revision: number, at: Date): Promise<void> {
  await factsOnPublish(q, businessId, revision, at);
}

/**
 * The build of `revision` failed: when the live facts are still that revision's (nothing newer was set since),
 * they go back to the live version's revision, or to the data file the service started with when none is live.
 */
export async function factsOnFailure(q: Queryable, businessId: string, revision: number, at: Date): Promise<void> {
  const row = await factsOf(q, businessId, true);
  if (!row || row.revision !== revision) return;
  const live = await liveRevisionOf(q, businessId);
  if (live === undefined) await deleteFacts(q, businessId);
  else await writeFactsOf(q, businessId, live, at);
}

/**
 * The location as the order and booking rules must read it at `now`: its live weekly hours and special dates
 * over the ones it was loaded with, so a closure reaches them as soon as it reaches the site.
 */
export async function liveLocation(q: Queryable, businessId: string, location: Location, now: Date): Promise<Location> {
  const row = await factsOf(q, businessId);
  const live = row?.facts.locations.find((candidate) => candidate.id === location.id);
  if (!live) return location;
  const hours = live.hours.map((entry) => ({ ...entry, label: entry.label }));
  const specialHours = live.special_hours.map((entry) => ({ ...entry, label: entry.label }));
  const merged = mergeLiveHours({ hours: location.hours, specialHours: location.specialHours }, { hours, specialHours }, dateIn(location.timezone, now));
  return { ...location, hours: [...merged.hours], specialHours: [...merged.specialHours] };
}

export class SiteFactsService {
  constructor(private readonly deps: { db: Db; catalog: Catalog; clock: () => Date }) {}

  /**
   * The facts of what the live site serves when no row was written yet: the live version's revision, else the
   * data file the service started with (served from PUBLIC_DIR until a first publish).
   */
  private async factsWithoutRow(q: Queryable, businessId: string): Promise<{ facts: StoredFacts; fromFile: boolean } | null> {
    const live = await liveRevisionOf(q, businessId);
    const facts = live === undefined ? null : await factsOfRevision(q, businessId, live);
    if (facts) return { facts, fromFile: false };
    const entry = this.deps.catalog.get(businessId);
    return entry ? { facts: storedFactsOf(entry.business, 1), fromFile: true } : null;
  }

  /** `GET businesses/{id}/site-facts/` (public): one row by key, the window worked out for now. */
  async publicFacts(businessId: string): Promise<SiteFactsReply> {
    const now = this.deps.clock();
    const row = await factsOf(this.deps.db, businessId);
    if (row) return factsReplyAt(row.facts, now);
    const fallback = await this.factsWithoutRow(this.deps.db, businessId);
    if (!fallback) throw notFound(`Business ${businessId} does not exist`);
    const reply = factsReplyAt(fallback.facts, now);
    return fallback.fromFile ? { ...reply, revision: null } : reply;
  }

  /**
   * `POST manage/site/closed-today/`: the location closed for the rest of its today (its date in its zone), or
   * open again; written as a new draft revision and put over the live facts at once.
   */
  async closedToday(businessId: string, saver: Saver, body: ClosedTodayBody): Promise<ClosedTodayReply> {
    return this.deps.db.transaction(async (tx) => {
      const head = await headOf(tx, businessId, true);
      const draft = head ? await revisionOf(tx, businessId, head.draft_revision) : undefined;
      if (!head || !draft) throw notFound(NO_DATA(businessId));
      const document = JSON.parse(draft.file_text) as Record<string, unknown>;
      const business = businessOf(document, `revision ${draft.revision} of ${businessId}`);
      const index = business.locations.findIndex((location) => location.id === body.location_id);
      if (index < 0) {
        const message = `expected the id of one of the business's locations (${business.locations.map((location) => location.id).join(", ")}), got "${body.location_id}"`;
        throw unprocessable(`location_id: ${message}`, [{ path: "location_id", message }]);
      }
      const location = business.locations[index];
      const at = this.deps.clock();
      const date = dateIn(location.timezone, at);
      const fileText = formatBusinessFile(documentWithClosure(document, index, date, body.closed));
      businessOf(JSON.parse(fileText), "the closed-today edit");
      let revision = draft.revision;
      if (fileText !== draft.file_text) {
        revision += 1;
        const name = location.name ?? location.street;
        const summary = body.closed ? `Closed ${name} today (${date})` : `Opened ${name} again today (${date})`;
        await insertRevision(tx, { businessId, revision, fileText, by: { source: "workspace", userId: saver.userId, email: saver.email }, summary, at });
        await moveDraft(tx, businessId, draft.revision, revision, at);
      }
      const base = (await factsOf(tx, businessId, true))?.facts ?? (await this.factsWithoutRow(tx, businessId))?.facts ?? storedFactsOf(business, revision);
      await writeFacts(tx, businessId, factsWithClosure(base, location.id, date, body.closed, revision), at);
      return { revision, location_id: location.id, date, closed: body.closed };
    });
  }
}
