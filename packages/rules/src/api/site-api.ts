import { z } from "zod";

/**
 * The site area of the merchant workspace's API (`{API_BASE}manage/site/…`; docs/publishing.md and
 * docs/api.md): the business data as revisions. Request bodies and replies are declared once here: the
 * service parses and builds them with these schemas, the workspace reads their types.
 */

/** An instant as ISO 8601 in UTC. */
const iso = z.string();
const revisionNumber = z.number().int().min(1);
/** The data file's document: an object, checked against the business data contract by the service. */
const siteDocument = z.record(z.string(), z.unknown());

/**
 * The version the public site serves: null until a publish has made one. Declared now so the workspace and
 * the publish area agree on it.
 */
export const LiveVersionSchema = z.object({ version: z.number().int().min(1), revision: revisionNumber, published_at: iso }).strict().nullable();

/** `GET manage/site/`: the current draft (its revision number and the data file's document) and the live version. */
export const SiteReplySchema = z.object({ revision: revisionNumber, data: siteDocument, live: LiveVersionSchema }).strict();
export type SiteReply = z.infer<typeof SiteReplySchema>;

/** `PUT manage/site/`: the whole document, over the draft revision it was edited from. */
export const SitePutBody = z.strictObject({
  revision: z.number({ message: "expected the draft's revision number this edit started from" }).int("expected a whole revision number").min(1, "expected a revision number of at least 1"),
  data: z.record(z.string(), z.unknown(), { message: "expected the business data as an object, in the data file's shape" }),
});
export type SitePutBody = z.output<typeof SitePutBody>;

/** `PUT manage/site/` and `POST manage/site/revisions/{n}/restore/`: the draft's revision number now. */
export const SiteSaveReplySchema = z.object({ revision: revisionNumber }).strict();
export type SiteSaveReply = z.infer<typeof SiteSaveReplySchema>;

/** Who saved a revision: a workspace account (null when it has been removed since), or an import. */
export const RevisionAuthorSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("account"), user_id: z.string().nullable(), email: z.string() }).strict(),
  z.object({ kind: z.literal("import") }).strict(),
]);

export const RevisionEntrySchema = z.object({ revision: revisionNumber, saved_by: RevisionAuthorSchema, saved_at: iso, summary: z.string() }).strict();
export type RevisionEntry = z.infer<typeof RevisionEntrySchema>;

/**
 * The detail of a 409 to `PUT manage/site/`: the draft moved on since the edit's revision. The message is one
 * sentence for the owner; these fields are for the client (to reload and show what changed).
 */
export const SiteConflictDetailSchema = z.object({ your_revision: revisionNumber, current: RevisionEntrySchema }).strict();
export type SiteConflictDetail = z.infer<typeof SiteConflictDetailSchema>;

/** Revisions per page of `GET manage/site/revisions/` unless `limit` says otherwise. */
export const REVISIONS_PAGE_SIZE = 50;

/** `GET manage/site/revisions/?before=<revision>&limit=<n>`: newest first, `before` the next page's start. */
export const RevisionsQuery = z.strictObject({
  before: z.coerce.number({ message: "expected a revision number" }).int("expected a whole revision number").min(2, "expected a revision number of at least 2").optional(),
  limit: z.coerce.number({ message: "expected a number of revisions" }).int("expected a whole number").min(1, "expected at least 1").max(200, "expected at most 200").default(REVISIONS_PAGE_SIZE),
});
export type RevisionsQuery = z.output<typeof RevisionsQuery>;

/** `next_before`: pass it as `before` for the older page; null on the last page. */
export const RevisionsReplySchema = z.object({ revisions: z.array(RevisionEntrySchema), next_before: revisionNumber.nullable() }).strict();
export type RevisionsReply = z.infer<typeof RevisionsReplySchema>;
