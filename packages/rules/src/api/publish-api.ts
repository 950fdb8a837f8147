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
