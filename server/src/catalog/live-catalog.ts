import { parseJsonText, validateBusiness } from "@mainstreet/rules/business/load";
import type { Business } from "@mainstreet/rules/business/schema";
import type { Db } from "../db/db";
import { Catalog, CatalogLoadError, index } from "./catalog";
import { liveDocumentOf, liveDocuments, type LiveDocumentRow } from "./catalog.store";
import { followLive } from "./live-announcements";

/**
 * Keeps the order catalog on each business's live revision (docs/publishing.md "The order catalog"): every
 * live revision is read when the service starts, and a business's again whenever a build goes live or a
 * rollback switches it (live-announcements.ts), on every replica. Requests never read the database for it:
 * they read the in-memory catalog, whatever the number of revisions or businesses.
 *
 * A revision read back is checked with the data file's contract again (it passed it when it was saved; a
 * contract tightened since, or a row edited by hand, must not reach the prices); one that fails leaves the
 * business's previous catalog in place, and the log names the problems.
 */

/** What the catalog logs through: the service's logger, or a test's. */
interface CatalogLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export class LiveCatalog {
  /** Reloads run one after another, so a slow read of an older version never lands after a newer one. */
  private queue: Promise<void> = Promise.resolve();
  private unfollow: (() => Promise<void>) | null = null;

  constructor(private readonly deps: { db: Db; catalog: Catalog; log: CatalogLog }) {}

  /** Listens first, then reads every live revision, so a switch committed in between is heard rather than missed. */
  async start(): Promise<void> {
    this.unfollow = await followLive(this.deps.db, {
      onLive: ({ businessId }) => void this.reload(businessId),
      onGap: () => void this.reloadAll(),
      onBadPayload: (payload) => this.deps.log.warn({ payload: payload.slice(0, 200) }, "order catalog: unreadable live-version notification ignored"),
    });
    await this.reloadAll();
  }

  async close(): Promise<void> {
    await this.unfollow?.();
    this.unfollow = null;
    await this.queue;
  }

  /** Reads one business's live revision into the catalog (nothing while it has never published). */
  reload(businessId: string): Promise<void> {
    return this.enqueue(async () => {
      const row = await liveDocumentOf(this.deps.db, businessId);
      if (row) this.install(row);
    });
  }

  /** Reads every business's live revision into the catalog. */
  reloadAll(): Promise<void> {
    return this.enqueue(async () => {
      for (const row of await liveDocuments(this.deps.db)) this.install(row);
    });
  }

  /** Resolves once every reload asked for so far has finished. */
  settled(): Promise<void> {
    return this.queue;
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(work).catch((error: unknown) => this.deps.log.warn({ err: error }, "order catalog: reading the live revisions failed; keeping the catalog as it was"));
    return this.queue;
  }

  private install(row: LiveDocumentRow): void {
    const current = this.deps.catalog.get(row.business_id)?.live;
    if (current?.version === row.version && current.revision === row.revision) return;
    const where = { business: row.business_id, version: row.version, revision: row.revision };
    const checked = checkedBusiness(row);
    if (!checked.ok) {
      this.deps.log.error({ ...where, problems: checked.problems }, "order catalog: the live revision does not meet the data contract; keeping this business's previous catalog");
      return;
    }
    try {
      this.deps.catalog.putLive(index(checked.business, { imageDir: row.image_dir ?? undefined, live: { version: row.version, revision: row.revision } }));
    } catch (error) {
      if (!(error instanceof CatalogLoadError)) throw error;
      this.deps.log.error({ ...where, problems: error.problems }, "order catalog: the live revision conflicts with another business; keeping this business's previous catalog");
      return;
    }
    this.deps.log.info(where, `order catalog: ${row.business_id} now takes orders on live version ${row.version} (revision ${row.revision})`);
  }
}

/** The revision's file as the build read it, through the same contract, and for the business it belongs to. */
function checkedBusiness(row: LiveDocumentRow): { ok: true; business: Business } | { ok: false; problems: string[] } {
  const label = `revision ${row.revision} of ${row.business_id}`;
  const parsed = parseJsonText(row.file_text, label);
  const validated = parsed.ok ? validateBusiness(parsed.value, label) : parsed;
  if (!validated.ok) return validated;
  if (validated.business.id !== row.business_id) {
    return { ok: false, problems: [`${label}: id: expected ${JSON.stringify(row.business_id)} (the business the revision belongs to), got ${JSON.stringify(validated.business.id)}`] };
  }
  return validated;
}
