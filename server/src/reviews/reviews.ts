import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { z } from "zod";
import type { PublicReviews } from "@mainstreet/rules/api/api-views";
import type { ManageReview, ReviewStatus, ReviewsReply } from "@mainstreet/rules/api/manage-api";
import { reviewAggregate, reviewAuthor } from "@mainstreet/rules/forms/reviews";
import { merchantOf } from "../accounts/access";
import type { Catalog } from "../catalog/catalog";
import { BusinessParams } from "../catalog/catalog.schema";
import type { Db } from "../db/db";
import { id, uuid } from "@mainstreet/rules/api/api-requests";
import { NoQuery } from "../http/common.schema";
import { forbidden, notFound, parseInput } from "../http/errors";
import { ReviewDecisionBody } from "@mainstreet/rules/api/manage-requests";
import { approvedReviews, decideReview, reviewsWithStatus, type ReviewRow } from "./reviews.store";

/**
 * Reviews in the workspace: visitors' reviews wait (form_submissions, status pending_approval)
 * until the merchant approves or rejects them; the site reads the approved ones, signed with first name and
 * last initial only (@mainstreet/rules/forms/reviews), from the public call. A decision can be changed: an
 * approved review can be taken down again.
 */

const STORED_STATUS: Record<ReviewStatus, string> = { pending: "pending_approval", approved: "approved", rejected: "rejected" };
const STATUS_OF: Record<string, ReviewStatus> = { pending_approval: "pending", approved: "approved", rejected: "rejected" };

const StoredReview = z.object({
  fieldValues: z.object({ rating: z.number().int().min(1).max(5), text: z.string(), name: z.string().optional(), email: z.string().optional(), menuItemId: z.string().optional() }),
});

const ReviewsQuery = z.strictObject({
  status: z.enum(["pending", "approved", "rejected"], { message: 'expected "pending", "approved" or "rejected"' }).default("pending"),
});
const ReviewParams = z.strictObject({ id: uuid });
const PublicQuery = z
  .strictObject({ item_id: id.optional(), location_id: id.optional() })
  .refine((query) => !(query.item_id && query.location_id), { message: "expected item_id or location_id, not both", path: ["item_id"] });

/** The most reviews one list answers; the public aggregate still counts every approved one. */
const MAX_REVIEWS = 500;
const MAX_PUBLIC_REVIEWS = 50;

type Row = ReviewRow;

export class ReviewsService {
  constructor(private readonly deps: { db: Db; catalog: Catalog; log: FastifyBaseLogger; clock: () => Date }) {}

  private parse(rows: readonly Row[]): { row: Row; fields: z.infer<typeof StoredReview>["fieldValues"] }[] {
    return rows.flatMap((row) => {
      const parsed = StoredReview.safeParse(row.payload);
      if (parsed.success) return [{ row, fields: parsed.data.fieldValues }];
      this.deps.log.warn({ submissionId: row.id }, "a stored review no longer reads; left out");
      return [];
    });
  }

  private view(businessId: string, row: Row, fields: z.infer<typeof StoredReview>["fieldValues"]): ManageReview {
    const item = fields.menuItemId ? this.deps.catalog.get(businessId)?.items.get(fields.menuItemId) : undefined;
    return {
      id: row.id,
      status: STATUS_OF[row.status] ?? "pending",
      rating: fields.rating,
      text: fields.text,
      name: fields.name ?? null,
      email: fields.email ?? null,
      ...(fields.menuItemId ? { item_id: fields.menuItemId } : {}),
      ...(item ? { item_name: item.name } : {}),
      ...(row.location_id ? { location_id: row.location_id } : {}),
      created_at: new Date(row.created_at).toISOString(),
      decided_at: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    };
  }

  async list(businessId: string, status: ReviewStatus): Promise<ReviewsReply> {
    const rows = await reviewsWithStatus(this.deps.db, businessId, STORED_STATUS[status], MAX_REVIEWS);
    return { reviews: this.parse(rows).map(({ row, fields }) => this.view(businessId, row, fields)) };
  }

  /** Approves or rejects a review (again, if the merchant changes their mind); 403 for any id not a review of the business. */
  async decide(businessId: string, userId: string, reviewId: string, decision: "approve" | "reject"): Promise<ManageReview> {
    const rows = await decideReview(this.deps.db, { businessId, reviewId, status: decision === "approve" ? "approved" : "rejected", at: this.deps.clock(), userId });
    const parsed = this.parse(rows)[0];
    if (!parsed) throw forbidden(`No review ${reviewId} in this business's workspace`);
    return this.view(businessId, parsed.row, parsed.fields);
  }

  /** Approved reviews of the business, an item or a location, newest first, and their aggregate (no session). */
  async publicView(businessId: string, filter: { item_id?: string; location_id?: string }): Promise<PublicReviews> {
    if (!this.deps.catalog.get(businessId)) throw notFound(`Business ${businessId} does not exist`);
    const rows = await approvedReviews(this.deps.db, businessId, filter.item_id ?? null, filter.location_id ?? null);
    const approved = this.parse(rows);
    return {
      reviews: approved.slice(0, MAX_PUBLIC_REVIEWS).map(({ row, fields }) => ({
        id: row.id,
        rating: fields.rating,
        text: fields.text,
        author: reviewAuthor(fields.name),
        created_at: new Date(row.created_at).toISOString(),
      })),
      aggregate: reviewAggregate(approved.map(({ fields }) => fields.rating)),
    };
  }
}

export function manageReviewRoutes(service: ReviewsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get("/manage/reviews/", async (request) => {
      const { status } = parseInput(ReviewsQuery, request.query, "query");
      return service.list(merchantOf(request).businessId, status);
    });

    app.post("/manage/reviews/:id/decision/", async (request) => {
      const { id: reviewId } = parseInput(ReviewParams, request.params, "params");
      parseInput(NoQuery, request.query, "query");
      const { decision } = parseInput(ReviewDecisionBody, request.body, "body");
      const session = merchantOf(request);
      return service.decide(session.businessId, session.userId, reviewId, decision);
    });
  };
}

/** What the site's item and location pages read: cached a minute. */
export function publicReviewRoutes(service: ReviewsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get("/businesses/:businessId/reviews/", async (request, reply) => {
      const { businessId } = parseInput(BusinessParams, request.params, "params");
      const filter = parseInput(PublicQuery, request.query, "query");
      const view = await service.publicView(businessId, filter);
      void reply.header("cache-control", "public, max-age=60");
      return view;
    });
  };
}
