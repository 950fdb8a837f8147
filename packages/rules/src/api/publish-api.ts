import { z } from "zod";

/**
 * Publishing in the merchant workspace's API (`{API_BASE}manage/site/publishes/…` and `…/rollback/`;
 * docs/publishing.md and docs/api.md). Declared once: the service builds its replies with these schemas, the
 * workspace reads their types.
 */

export const PUBLISH_STATUSES = ["queued", "building", "live", "failed"] as const;

/** `POST manage/site/publishes/` → 202: the job building the current draft (the same job while it waits or builds). */
export const PublishCreatedSchema = z.object({ id: z.string() }).strict();
export type PublishCreated = z.infer<typeof PublishCreatedSchema>;

/**
 * `GET manage/site/publishes/{id}/`: where the job is. `seconds` runs from when it was queued (the total once it
 * is live or failed); `message` is one sentence for the owner, only when it failed.
 */
export const PublishStatusReplySchema = z
  .object({
    status: z.enum(PUBLISH_STATUSES),
    version: z.number().int().min(1),
    revision: z.number().int().min(1),
    seconds: z.number().int().min(0),
    message: z.string().optional(),
  })
  .strict();
export type PublishStatusReply = z.infer<typeof PublishStatusReplySchema>;

/** `POST manage/site/rollback/`: the kept version to serve again. */
export const RollbackBody = z.strictObject({
  version: z.number({ message: "expected the number of a published version" }).int("expected a whole version number").min(1, "expected a version number of at least 1"),
});
export type RollbackBody = z.output<typeof RollbackBody>;

/**
 * `GET manage/site/publishes/?limit=`: the business's latest publishes, newest first (`limit` 1–50, 10 when not
 * given), so the workspace finds a publish still running after a reload and lists the versions it can go back
 * to. `kept`: the version's folder is still on disk (a rollback to it is possible once it went live).
 */
export const PublishListQuery = z.strictObject({
  limit: z.coerce.number({ message: "expected a whole number from 1 to 50" }).int("expected a whole number from 1 to 50").min(1, "expected a whole number from 1 to 50").max(50, "expected a whole number from 1 to 50").optional(),
});
export type PublishListQuery = z.output<typeof PublishListQuery>;

const PublishListEntrySchema = z
  .object({
    id: z.string(),
    status: z.enum(PUBLISH_STATUSES),
    version: z.number().int().min(1),
    revision: z.number().int().min(1),
    seconds: z.number().int().min(0),
    queued_at: z.string(),
    finished_at: z.string().nullable(),
    /** The address of the account that pressed Publish; null for jobs queued before it was recorded. */
    requested_by: z.string().nullable(),
    kept: z.boolean(),
    message: z.string().optional(),
  })
  .strict();
export type PublishListEntry = z.infer<typeof PublishListEntrySchema>;

export const PublishListReplySchema = z.object({ publishes: z.array(PublishListEntrySchema) }).strict();
export type PublishListReply = z.infer<typeof PublishListReplySchema>;

const PREVIEW_STATUSES = ["queued", "building", "ready", "failed"] as const;

/** `POST manage/site/previews/` → 202 (`PublishCreatedSchema`): the preview of the current draft (the same job while it waits or builds). */
export type PreviewCreated = PublishCreated;

/**
 * `GET manage/site/previews/{id}/`: where the preview is. `url` (its own host, `<token>.<PREVIEW_DOMAIN>`) once it
 * is ready; `message` one sentence for the owner when it failed. `seconds` as for a publish.
 */
export const PreviewStatusReplySchema = z
  .object({
    status: z.enum(PREVIEW_STATUSES),
    revision: z.number().int().min(1),
    seconds: z.number().int().min(0),
    url: z.string().optional(),
    message: z.string().optional(),
  })
  .strict();
export type PreviewStatusReply = z.infer<typeof PreviewStatusReplySchema>;

/** The sentence a preview page's visitor reads when it tries to order or book (the service answers 403). */
export const PREVIEW_REFUSAL = "This is a preview: orders and bookings are not taken here.";
