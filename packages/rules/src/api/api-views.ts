import { z } from "zod";

/**
 * The contract for the API service's replies the site reads besides orders (order-api.ts): the live
 * catalog, the forms' replies and the reservation calls (docs/api.md). The service builds its replies as
 * these types and its tests parse every reply with these schemas; the site imports the types only, so
 * zod stays out of a visitor's first load.
 */

const count = z.number().int().nonnegative();

export const MailStatusSchema = z.enum(["sent", "queued", "failed"]);
/** What became of the mail a submission sends: sent now, queued for a retry, or failed for good. */
export type MailStatus = z.infer<typeof MailStatusSchema>;

export const CatalogViewSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    name: z.string(),
    ordering: z
      .object({ enabled: z.boolean(), merchant_product: z.string(), currency: z.string(), tip_percentages: z.array(z.number().nonnegative()) })
      .strict(),
    locations: z.array(
      z
        .object({
          id: z.string(),
          name: z.string().nullable(),
          ordering_enabled: z.boolean(),
          pickup_enabled: z.boolean(),
          delivery: z.object({ enabled: z.boolean(), fee_cents: count, minimum_cents: count, window_minutes: z.number().int().positive() }).strict(),
          reservations: z.object({ enabled: z.boolean(), slot_minutes: z.number().int().positive() }).strict(),
          /** What the ready-time rules need besides the hours (ready-times.ts): the checkout asks the order's slots for the live answer. */
          order_times: z
            .object({ time_zone: z.string(), slot_minutes: z.number().int().positive(), preparation_minutes: count, days_ahead: count, orders_per_slot: count.nullable() })
            .strict(),
        })
        .strict(),
    ),
    items: z.array(
      z
        .object({
          id: z.string(),
          name: z.string(),
          available: z.boolean(),
          like_count: count,
          /** `available: false` on a variation: that one is sold out (the item's own flag covers all of them). */
          variations: z.array(z.object({ id: z.string(), name: z.string(), price_cents: count, available: z.boolean() }).strict()),
          modifier_set_ids: z.array(z.string()),
        })
        .strict(),
    ),
    modifiers: z.array(z.object({ id: z.string(), name: z.string(), price_cents: count, available: z.boolean() }).strict()),
  })
  .strict();
/** The live catalog (`GET catalog/{businessId}/`): prices, availability and like counts a static page may have outdated. */
export type CatalogView = z.infer<typeof CatalogViewSchema>;

export const ContactReplySchema = z.object({ id: z.string(), status: z.literal("received"), mail: MailStatusSchema }).strict();
export type ContactReply = z.infer<typeof ContactReplySchema>;

export const ReservationViewSchema = z
  .object({
    reference: z.string(),
    status: z.enum(["confirmed", "cancelled"]),
    business_id: z.string(),
    location_id: z.string(),
    start: z.string(),
    party_size: z.number().int().positive(),
    name: z.string(),
  })
  .strict();
export type ReservationView = z.infer<typeof ReservationViewSchema>;

export const ServerSlotSchema = z.object({ start: z.string(), label: z.string(), remaining: count, available: z.boolean() }).strict();
/** One bookable slot as the service counts it, with the seats left. */
export type ServerSlot = z.infer<typeof ServerSlotSchema>;

export const SlotsReplySchema = z
  .object({
    business_id: z.string(),
    location_id: z.string(),
    date: z.string(),
    time_zone: z.string(),
    slot_minutes: z.number().int().positive(),
    slots: z.array(ServerSlotSchema),
  })
  .strict();
export type SlotsReply = z.infer<typeof SlotsReplySchema>;

const submitted = { id: z.string(), mail: MailStatusSchema };
export const ReviewReplySchema = z.object({ ...submitted, kind: z.literal("review"), status: z.literal("pending_approval") }).strict();
export const ApplicationReplySchema = z.object({ ...submitted, kind: z.literal("application"), status: z.literal("received") }).strict();
export const ReservationReplySchema = z
  .object({ ...submitted, kind: z.literal("reservation"), status: z.literal("confirmed"), reservation: ReservationViewSchema, cancel_token: z.string() })
  .strict();
export const SubscribeReplySchema = z.object({ kind: z.literal("subscribe"), status: z.literal("subscribed"), already_subscribed: z.boolean() }).strict();
export const LikeReplySchema = z
  .object({ kind: z.literal("like"), menu_item: z.string(), liked: z.literal(true), already_liked: z.boolean(), like_count: count })
  .strict();

export type ReviewReply = z.infer<typeof ReviewReplySchema>;
export type ApplicationReply = z.infer<typeof ApplicationReplySchema>;
export type ReservationReply = z.infer<typeof ReservationReplySchema>;
export type SubscribeReply = z.infer<typeof SubscribeReplySchema>;
export type LikeReply = z.infer<typeof LikeReplySchema>;

/** What `POST events/website/` answers, by the event's kind. */
export const EventReplySchema = z.discriminatedUnion("kind", [ReviewReplySchema, ApplicationReplySchema, ReservationReplySchema, SubscribeReplySchema, LikeReplySchema]);
export type EventReply = z.infer<typeof EventReplySchema>;

/**
 * `GET businesses/{businessId}/availability/`: what is sold out now (the data file's
 * unavailable items and variations and the workspace's sold-out marks) and each ordering location's pause
 * and rush, so a static menu shows "Sold out" within a minute without a rebuild. Cached 30 seconds.
 */
export const PublicAvailabilitySchema = z
  .object({
    sold_out_items: z.array(z.string()),
    sold_out_variations: z.array(z.string()),
    /** Modifiers (a topping) sold out on every item. */
    sold_out_modifiers: z.array(z.string()),
    locations: z.array(z.object({ location_id: z.string(), paused_until: z.string().nullable(), rush_minutes: count }).strict()),
    as_of: z.string(),
  })
  .strict();
export type PublicAvailability = z.infer<typeof PublicAvailabilitySchema>;

/**
 * `GET businesses/{businessId}/reviews/?item_id=…|location_id=…`: approved reviews, newest first
 * (at most 50), and the aggregate over all approved ones; `average` is null without reviews. `author` is the
 * reviewer's first name and last initial. Cached 60 seconds.
 */
export const PublicReviewsSchema = z
  .object({
    reviews: z.array(z.object({ id: z.string(), rating: z.number().int().min(1).max(5), text: z.string(), author: z.string(), created_at: z.string() }).strict()),
    aggregate: z.object({ count, average: z.number().min(1).max(5).nullable() }).strict(),
  })
  .strict();
export type PublicReviews = z.infer<typeof PublicReviewsSchema>;
