import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { DateTime } from "luxon";
import type { FastifyBaseLogger } from "fastify";
import { checkImageFiles, parseJsonText, validateBusiness } from "@mainstreet/rules/business/load";
import { formatBusinessFile } from "@mainstreet/rules/business/file-format";
import { businessChanges, changeSentence } from "@mainstreet/rules/business/revision-summary";
import { primaryLocationOf, type Business } from "@mainstreet/rules/business/schema";
import type { RevisionEntry, RevisionsQuery, RevisionsReply, SiteConflictDetail, SitePutBody, SiteReply, SiteSaveReply } from "@mainstreet/rules/api/site-api";
import { sqlState, type Db, type Tx } from "../db/db";
import { canonicalJson } from "../http/idempotency";
import { conflict, notFound, unprocessable, type IssueDetail } from "../http/errors";
import {
  businessesWithRevisions,
  headOf,
  insertFirstRevision,
  insertRevision,
  moveDraft,
  revisionOf,
  revisionsOf,
  type RevisionMetaRow,
  type RevisionRow,
  type NewRevision,
  type RevisionSource,
} from "./site.store";

/**
 * The business data as revisions (docs/publishing.md): the draft the workspace edits, its history, restores,
 * and the data file in and out (import, export, seeding from SITE_DATA on start). Every revision is checked
 * by the data file's own contract (@mainstreet/rules/business/load), with its messages.
 */

/** Who is saving: a signed-in account. */
export interface Saver {
  userId: string;
  email: string;
}

/** A data file refused: one line per problem, as a build prints them. */
export class SiteDataError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "SiteDataError";
  }
}

export type ImportOutcome = { kind: "created" | "updated" | "unchanged"; businessId: string; revision: number; summary: string };

/** A data file's text, where it came from (as the operator wrote it: quoted in every problem) and its image folder. */
export interface DataFile {
  text: string;
  label: string;
  imageDir: string;
}

/**
 * Reads a data file as given on a command line or in SITE_DATA (the path is quoted as written in every
 * problem); its images resolve from its folder. A file that cannot be read is a SiteDataError line.
 */
export function dataFileAt(path: string): DataFile {
  try {
    return { text: readFileSync(path, "utf8"), label: path, imageDir: dirname(resolve(path)) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SiteDataError([`${path}: expected a readable business data file (JSON), got ${code === "ENOENT" ? "no such file" : String((error as Error).message)}`]);
  }
}

/** Checks a document as a build checks a data file: the contract, then the images when their folder is known. */
function checkDocument(document: unknown, label: string, imageDir: string | null, stored?: ReadonlySet<string>): { ok: true; business: Business } | { ok: false; problems: string[] } {
  const validated = validateBusiness(document, label);
  if (!validated.ok) return validated;
  const missing = imageDir === null ? [] : checkImageFiles(validated.business, imageDir, label, stored);
  return missing.length > 0 ? { ok: false, problems: missing } : validated;
}

/** `data: menu.items[0].variations[0].price: expected …` → `{ path: "data.menu.items[0]…price", message }`. */
function problemDetail(line: string): IssueDetail {
  const match = /^data: (.*?): (expected .*)$/s.exec(line);
  if (!match) return { path: "data", message: line.replace(/^data: /, "") };
  return { path: match[1] === "(top level)" ? "data" : `data.${match[1]}`.replace(/^data\.\[/, "data["), message: match[2] };
}

function parsedBusiness(row: RevisionRow): Business {
  const validated = validateBusiness(row.data, `revision ${row.revision}`);
  // Every stored revision passed the contract when it was written; a contract tightened since cannot be
  // summarised against, so the history says so rather than failing the save.
  if (!validated.ok) throw new SiteDataError(validated.problems);
  return validated.business;
}

/** Said of a revision whose file differs but whose business does not ("14.00" for 14, `_id` for `id`). */
const SAME_BUSINESS = "Rewrote the data file; the site stays the same";

function summaryBetween(before: RevisionRow, after: Business): string {
  try {
    const changes = businessChanges(parsedBusiness(before), after);
    return changes.length === 0 ? SAME_BUSINESS : changeSentence(changes);
  } catch (error) {
    if (error instanceof SiteDataError) return `Replaced revision ${before.revision}, which no longer meets the data contract`;
    throw error;
  }
}

function revisionEntry(row: RevisionMetaRow): RevisionEntry {
  return {
    revision: row.revision,
    saved_by: row.source === "import" ? { kind: "import" } : { kind: "account", user_id: row.user_id, email: row.user_email ?? "" },
    saved_at: row.created_at.toISOString(),
    summary: row.summary,
  };
}

export class SiteService {
  /**
   * `live`: the version the public site serves (the publish area's), for `GET manage/site/`. `storedImages`:
   * the paths of the photos uploaded for a business (the site-images area's), which its data may name.
   */
  constructor(
    private readonly deps: { db: Db; clock: () => Date; live?: (businessId: string) => Promise<SiteReply["live"]>; storedImages?: (businessId: string) => Promise<ReadonlySet<string>> },
  ) {}

  /** `GET manage/site/`: the draft as its file says it (keys in the file's order). */
  async draft(businessId: string): Promise<SiteReply> {
    const row = await this.draftRow(businessId);
    const live = this.deps.live ? await this.deps.live(businessId) : null;
    return { revision: row.revision, data: JSON.parse(row.file_text) as Record<string, unknown>, live };
  }

  /** The data file of the draft, or of `revision`: the exact bytes that revision was saved as. */
  async exportFile(businessId: string, revision?: number): Promise<{ revision: number; text: string }> {
    const row = revision === undefined ? await this.draftRow(businessId) : await revisionOf(this.deps.db, businessId, revision);
    if (!row) throw notFound(`Revision ${revision} of ${businessId} does not exist`);
    return { revision: row.revision, text: row.file_text };
  }

  /**
   * `PUT manage/site/`: a new draft revision over `body.revision`. Safe to retry: the same document over the
   * same revision again answers the revision the first attempt made, and a document equal to the draft
   * writes nothing.
   */
  async save(businessId: string, saver: Saver, body: SitePutBody): Promise<SiteSaveReply> {
    const stored = this.deps.storedImages ? await this.deps.storedImages(businessId) : undefined;
    const checked = checkDocument(body.data, "data", (await headOf(this.deps.db, businessId))?.image_dir ?? null, stored);
    if (!checked.ok) {
      const issues = checked.problems.map(problemDetail);
      throw unprocessable(`${issues[0].path}: ${issues[0].message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ""}`, issues);
    }
    const fileText = formatBusinessFile(body.data);
    return this.deps.db.transaction(async (tx) => {
      const head = await headOf(tx, businessId, true);
      if (!head) throw notFound(`${businessId} has no site data in the database yet: import its data file first (npm run merchant:import)`);
      const current = (await revisionOf(tx, businessId, head.draft_revision)) as RevisionRow;
      const unchanged = canonicalJson(current.data) === canonicalJson(body.data);
      if (head.draft_revision !== body.revision) {
        // A retry of a save that did land: the draft is that save, by the same account, right after its base.
        const retried = unchanged && current.user_id === saver.userId && current.revision === body.revision + 1;
        if (retried) return { revision: current.revision };
        throw this.stale(current, body.revision, checked.business);
      }
      if (unchanged) return { revision: current.revision };
      const revision = head.draft_revision + 1;
      const at = this.deps.clock();
      await this.write(tx, businessId, head.draft_revision, {
        businessId,
        revision,
        fileText,
        by: { source: "workspace", userId: saver.userId, email: saver.email },
        summary: summaryBetween(current, checked.business),
        at,
      });
      return { revision };
    });
  }

  /** `POST manage/site/revisions/{n}/restore/`: a new draft with revision n's data, byte for byte. */
  async restore(businessId: string, saver: Saver, revision: number): Promise<SiteSaveReply> {
    return this.deps.db.transaction(async (tx) => {
      const head = await headOf(tx, businessId, true);
      const old = head ? await revisionOf(tx, businessId, revision) : undefined;
      if (!head || !old) throw notFound(`There is no revision ${revision} to restore`);
      const next = head.draft_revision + 1;
      await this.write(tx, businessId, head.draft_revision, {
        businessId,
        revision: next,
        fileText: old.file_text,
        by: { source: "workspace", userId: saver.userId, email: saver.email },
        summary: `Restored revision ${revision}`,
        at: this.deps.clock(),
      });
      return { revision: next };
    });
  }

  /** `GET manage/site/revisions/`: newest first, a page at a time. */
  async history(businessId: string, query: RevisionsQuery): Promise<RevisionsReply> {
    const rows = await revisionsOf(this.deps.db, businessId, { before: query.before, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const more = rows.length > query.limit;
    return { revisions: page.map(revisionEntry), next_before: more ? page[page.length - 1].revision : null };
  }

  /**
   * `npm run merchant:import`: the file becomes the business's draft (its first revision when the business is
   * new). Refused whole, with the build's problem lines, when the file would not build.
   */
  async importFile(file: DataFile): Promise<ImportOutcome> {
    const business = this.checkFile(file);
    return this.deps.db.transaction(async (tx) => {
      const at = this.deps.clock();
      const imported = `Imported from ${file.label}`;
      const first = { businessId: business.id, revision: 1, fileText: file.text, by: { source: "import" } as RevisionSource, summary: imported, at };
      if (await insertFirstRevision(tx, first, file.imageDir)) return { kind: "created" as const, businessId: business.id, revision: 1, summary: imported };
      const head = (await headOf(tx, business.id, true)) as NonNullable<Awaited<ReturnType<typeof headOf>>>;
      const current = (await revisionOf(tx, business.id, head.draft_revision)) as RevisionRow;
      if (current.file_text === file.text) return { kind: "unchanged" as const, businessId: business.id, revision: current.revision, summary: current.summary };
      const changes = summaryBetween(current, business);
      const summary = changes === SAME_BUSINESS ? imported : `${imported}: ${changes.replace(/^./, (letter) => letter.toLowerCase())}`;
      const revision = head.draft_revision + 1;
      await this.write(tx, business.id, head.draft_revision, { ...first, revision, summary }, file.imageDir);
      return { kind: "updated" as const, businessId: business.id, revision, summary };
    });
  }

  /**
   * On start: each business of SITE_DATA without revisions gets revision 1 from its file; one with revisions
   * keeps them (the file does not overwrite the owner's edits). Safe when several replicas start together.
   */
  async seed(files: readonly DataFile[], log: FastifyBaseLogger): Promise<{ seeded: string[]; fromDatabase: string[] }> {
    const seeded: string[] = [];
    const fromDatabase: string[] = [];
    for (const file of files) {
      const business = this.checkFile(file);
      const [known] = await businessesWithRevisions(this.deps.db, [business.id]);
      if (known === undefined) {
        const at = this.deps.clock();
        const created = await this.deps.db.transaction((tx) =>
          insertFirstRevision(tx, { businessId: business.id, revision: 1, fileText: file.text, by: { source: "import" }, summary: `Imported from ${file.label}`, at }, file.imageDir),
        );
        if (created) {
          seeded.push(business.id);
          continue;
        }
      }
      fromDatabase.push(business.id);
    }
    if (seeded.length > 0) log.info({ businesses: seeded }, `business data seeded from SITE_DATA as revision 1: ${seeded.join(", ")}`);
    if (fromDatabase.length > 0) log.info({ businesses: fromDatabase }, `business data kept in the database as revisions (the SITE_DATA file does not overwrite them): ${fromDatabase.join(", ")}`);
    return { seeded, fromDatabase };
  }

  private checkFile(file: DataFile): Business {
    const parsed = parseJsonText(file.text, file.label);
    if (!parsed.ok) throw new SiteDataError(parsed.problems);
    const checked = checkDocument(parsed.value, file.label, file.imageDir);
    if (!checked.ok) throw new SiteDataError(checked.problems);
    return checked.business;
  }

  private async draftRow(businessId: string): Promise<RevisionRow> {
    const head = await headOf(this.deps.db, businessId);
    const row = head ? await revisionOf(this.deps.db, businessId, head.draft_revision) : undefined;
    if (!row) throw notFound(`${businessId} has no site data in the database yet: import its data file first (npm run merchant:import)`);
    return row;
  }

  /** Inserts the revision and moves the draft to it from `from`; a lost race (or a taken number) is the stale answer. */
  private async write(tx: Tx, businessId: string, from: number, revision: NewRevision, imageDir?: string): Promise<void> {
    try {
      await insertRevision(tx, revision);
    } catch (error) {
      if (sqlState(error) === "23505") throw conflict("Someone saved the site at the same moment. Reload to see their change, then make yours again.");
      throw error;
    }
    if ((await moveDraft(tx, businessId, from, revision.revision, revision.at, imageDir)) !== 1) {
      throw conflict("Someone saved the site at the same moment. Reload to see their change, then make yours again.");
    }
  }

  /** The 409 for an edit over an old draft: one sentence for the owner, the newer revision's fields for the client. */
  private stale(current: RevisionRow, yours: number, business: Business) {
    const zone = primaryLocationOf(business).timezone ?? "UTC";
    const when = DateTime.fromJSDate(current.created_at, { zone }).setLocale(business.locale).toLocaleString(DateTime.DATETIME_MED);
    const who = current.source === "import" ? "An import of the data file" : (current.user_email ?? "Another account");
    const detail: SiteConflictDetail = { your_revision: yours, current: revisionEntry(current) };
    return conflict(`${who} saved a newer version of the site on ${when} (${current.summary}). Reload to see it, then make your change again.`, detail);
  }
}
