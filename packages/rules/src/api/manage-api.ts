import { z } from "zod";
import { FulfillmentStatusSchema, RecipientViewSchema, TotalsViewSchema } from "./order-api";

/**
 * The one contract of the merchant workspace's API (`{API_BASE}manage/…`; docs/api.md "Merchant
 * workspace"): the service builds its replies as these types and its tests parse every reply with these
 * schemas; the workspace app reads the same types. Visitor pages never import this module.
 */

const cents = z.number().int().nonnegative();
/** An instant as ISO 8601 with an offset (the location's, where a location is concerned). */
const iso = z.string();

/** The cookie that carries a merchant session (HttpOnly, SameSite=Strict). */
export const SESSION_COOKIE = "mainstreet_session";
/** The header every state-changing workspace call sends with the session's CSRF token. */
export const CSRF_HEADER = "X-CSRF-Token";

export const MerchantRoleSchema = z.enum(["owner", "staff"]);
export type MerchantRole = z.infer<typeof MerchantRoleSchema>;

export const MerchantUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: MerchantRoleSchema,
    business_id: z.string(),
    business_name: z.string(),
    /** Present when the address has accounts at more than one business: where it may also sign in. */
    businesses: z.array(z.object({ id: z.string(), name: z.string() }).strict()).optional(),
    /**
     * Every location of the business, in data order: reservations, messages and reviews carry only a
     * location id, and their times are read on the location's clock.
     */
    locations: z.array(z.object({ id: z.string(), name: z.string(), time_zone: z.string() }).strict()),
    /** The team member (team[].id) this account is, when an owner linked it: the Calendar opens on their column. */
    team_member_id: z.string().optional(),
  })
  .strict();
export type MerchantUser = z.infer<typeof MerchantUserSchema>;

/** `POST manage/session/`, `GET manage/session/`, `POST manage/invitations/accept/`. */
export const SessionReplySchema = z.object({ user: MerchantUserSchema, csrf_token: z.string() }).strict();
export type SessionReply = z.infer<typeof SessionReplySchema>;

/**
 * `GET manage/session/status/`: whether this browser is signed in, answered 200 either way (the workspace's
 * first question, so loading it signed out logs no refused call). Signed in, it carries the session.
 */
export const SessionStatusReplySchema = z.discriminatedUnion("signed_in", [
  z.object({ signed_in: z.literal(true), user: MerchantUserSchema, csrf_token: z.string() }).strict(),
  z.object({ signed_in: z.literal(false) }).strict(),
]);
export type SessionStatusReply = z.infer<typeof SessionStatusReplySchema>;

/** The cookie that marks a browser as one an account has signed in from (HttpOnly, signed, long-lived). */
export const DEVICE_COOKIE = "mainstreet_device";

/**
 * `GET manage/brand/` (public, cacheable): what the sign-in screen shows of the business, and nothing
 * else. `business` is null when the service serves several businesses (the screen cannot tell whose it is).
 */
export const SignInBrandReplySchema = z
  .object({
    business: z
      .object({
        name: z.string(),
        /** The data file's logo: a path under the API base (`manage/brand/logo`), served by the service. */
        logo: z.object({ path: z.string(), alt: z.string() }).strict().nullable(),
      })
      .strict()
      .nullable(),
  })
  .strict();
export type SignInBrandReply = z.infer<typeof SignInBrandReplySchema>;

/**
 * `POST manage/password-reset/` answers the same whether or not the address has an account, so the answer
 * tells nobody which addresses do.
 */
export const PasswordResetReplySchema = z.object({ message: z.string() }).strict();
export type PasswordResetReply = z.infer<typeof PasswordResetReplySchema>;

export const UsersReplySchema = z
  .object({
    users: z.array(
      z.object({ id: z.string(), email: z.string(), role: MerchantRoleSchema, created_at: iso, last_seen_at: iso.nullable(), team_member_id: z.string().nullable().optional() }).strict(),
    ),
    invitations: z.array(z.object({ id: z.string(), email: z.string(), role: MerchantRoleSchema, expires_at: iso }).strict()),
    /** The shown team members an account can be linked to (`PUT manage/users/{id}/`). */
    team: z.array(z.object({ id: z.string(), name: z.string() }).strict()),
  })
  .strict();
export type UsersReply = z.infer<typeof UsersReplySchema>;

export const InvitationReplySchema = z
  .object({ id: z.string(), email: z.string(), role: MerchantRoleSchema, expires_at: iso, accept_url: z.string() })
  .strict();
export type InvitationReply = z.infer<typeof InvitationReplySchema>;

export type { FulfillmentStatus } from "./order-api";

/** A delivery ticket's address: the recipient's, without the name (the ticket's customer carries it). */
export const TicketAddressSchema = RecipientViewSchema.omit({ first_name: true, last_name: true });

export const OrderTicketSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    status: FulfillmentStatusSchema,
    placed_at: iso,
    /** When it must be ready (a delivery leaves then), null for shipping. */
    promised_at: iso.nullable(),
    promised_until: iso.nullable(),
    /** The time the customer chose, null for as soon as possible. */
    scheduled_for: iso.nullable(),
    location: z.object({ id: z.string(), name: z.string().nullable(), time_zone: z.string() }).strict(),
    fulfillment: z.object({ method: z.enum(["pickup", "delivery"]), address: TicketAddressSchema.optional() }).strict(),
    customer: z.object({ first_name: z.string(), last_name: z.string(), email: z.string(), phone: z.string() }).strict(),
    lines: z.array(
      z
        .object({
          id: z.string(),
          item_name: z.string(),
          variation_name: z.string(),
          quantity: z.number().int().min(1),
          modifiers: z.array(z.object({ name: z.string() }).strict()),
          special_instructions: z.string(),
          total_cents: cents,
        })
        .strict(),
    ),
    instructions: z.string(),
    totals: TotalsViewSchema,
    currency: z.string(),
    updated_at: iso,
    /** Present on a cancelled order: why, as the merchant wrote it (may be empty). */
    cancel_reason: z.string().optional(),
  })
  .strict();
export type OrderTicket = z.infer<typeof OrderTicketSchema>;

export const OrdersReplySchema = z.object({ orders: z.array(OrderTicketSchema) }).strict();
export type OrdersReply = z.infer<typeof OrdersReplySchema>;

export const KitchenStateSchema = z
  .object({
    location_id: z.string(),
    name: z.string().nullable(),
    rush_minutes: z.number().int().min(0).max(120),
    /** Online orders are paused until then (ISO with the location's offset); null: not paused, or the pause has ended. */
    paused_until: iso.nullable(),
    /** The workspace's capacity per 15-minute slot, replacing the data file's; null: the data file's applies. */
    orders_per_slot: z.number().int().positive().nullable(),
    /** The data file's `orderTimes.ordersPerSlot` (null: no limit). */
    orders_per_slot_from_data: z.number().int().positive().nullable(),
  })
  .strict();
export type KitchenState = z.infer<typeof KitchenStateSchema>;

export const KitchenReplySchema = z.object({ locations: z.array(KitchenStateSchema) }).strict();
export type KitchenReply = z.infer<typeof KitchenReplySchema>;

/** Until when something is sold out: an ISO instant (the end of the day), the text "indefinitely", or null (available). */
export const SoldOutUntilSchema = z.union([z.literal("indefinitely"), iso, z.null()]);

export const AvailabilityItemSchema = z
  .object({
    item_id: z.string(),
    name: z.string(),
    /** The first menu category listing the item, null when none does. */
    category: z.string().nullable(),
    sold_out_until: SoldOutUntilSchema,
    /** True when the data file marks it unavailable: shown as "indefinitely", not changeable in the workspace. */
    sold_out_in_data: z.boolean(),
    variations: z.array(z.object({ id: z.string(), name: z.string(), sold_out_until: SoldOutUntilSchema, sold_out_in_data: z.boolean() }).strict()),
  })
  .strict();
export type AvailabilityItem = z.infer<typeof AvailabilityItemSchema>;

/** A modifier (a topping) the menu's items offer: sold out on every item at once. */
export const AvailabilityModifierSchema = z
  .object({
    modifier_id: z.string(),
    name: z.string(),
    /** The modifier sets listing it, by name ("Toppings"), so two modifiers of one name can be told apart. */
    sets: z.array(z.string()),
    sold_out_until: SoldOutUntilSchema,
    /** True when the data file marks it unavailable: not changeable in the workspace. */
    sold_out_in_data: z.boolean(),
  })
  .strict();
export type AvailabilityModifier = z.infer<typeof AvailabilityModifierSchema>;

export const AvailabilityReplySchema = z.object({ items: z.array(AvailabilityItemSchema), modifiers: z.array(AvailabilityModifierSchema) }).strict();
export type AvailabilityReply = z.infer<typeof AvailabilityReplySchema>;

export const ManageReservationStatusSchema = z.enum(["confirmed", "cancelled", "no_show"]);

export const ManageReservationSchema = z
  .object({
    id: z.string(),
    reference: z.string(),
    location_id: z.string(),
    starts_at: iso,
    party_size: z.number().int().positive(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    notes: z.string(),
    service_name: z.string().nullable(),
    team_member_name: z.string().nullable(),
    status: ManageReservationStatusSchema,
    created_at: iso,
  })
  .strict();
export type ManageReservation = z.infer<typeof ManageReservationSchema>;

export const ReservationsReplySchema = z.object({ reservations: z.array(ManageReservationSchema) }).strict();
export type ReservationsReply = z.infer<typeof ReservationsReplySchema>;

export const MessageKindSchema = z.enum(["contact", "application"]);
export type MessageKind = z.infer<typeof MessageKindSchema>;

export const ManageMessageSchema = z
  .object({
    id: z.string(),
    kind: MessageKindSchema,
    created_at: iso,
    location_id: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    phone: z.string().optional(),
    subject: z.string().optional(),
    message: z.string(),
    /** The position applied for (applications). */
    role: z.string().optional(),
    read_at: iso.nullable(),
  })
  .strict();
export type ManageMessage = z.infer<typeof ManageMessageSchema>;

export const MessagesReplySchema = z.object({ messages: z.array(ManageMessageSchema) }).strict();
export type MessagesReply = z.infer<typeof MessagesReplySchema>;

export const ReviewStatusSchema = z.enum(["pending", "approved", "rejected"]);
export type ReviewStatus = z.infer<typeof ReviewStatusSchema>;

export const ManageReviewSchema = z
  .object({
    id: z.string(),
    status: ReviewStatusSchema,
    rating: z.number().int().min(1).max(5),
    text: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    item_id: z.string().optional(),
    item_name: z.string().optional(),
    location_id: z.string().optional(),
    created_at: iso,
    decided_at: iso.nullable(),
  })
  .strict();
export type ManageReview = z.infer<typeof ManageReviewSchema>;

export const ReviewsReplySchema = z.object({ reviews: z.array(ManageReviewSchema) }).strict();
export type ReviewsReply = z.infer<typeof ReviewsReplySchema>;

/** Newest first, the order of the CSV export too. */
export const SubscribersReplySchema = z.object({ subscribers: z.array(z.object({ email: z.string(), opt_in: z.boolean(), created_at: iso }).strict()) }).strict();
export type SubscribersReply = z.infer<typeof SubscribersReplySchema>;

/**
 * Events of `GET manage/orders/stream/` (text/event-stream). `ready` comes first on every connection with
 * the id of the latest event (so a reconnect resends what came after it); `order`, `kitchen`,
 * `availability` and `appointment` carry an OrderTicket, a KitchenState, an AvailabilityItem and a
 * CalendarEntry (manage-appointments-api.ts); `resync` means more was
 * missed than can be resent: read the lists again.
 */
export const STREAM_EVENTS = ["ready", "order", "kitchen", "availability", "appointment", "resync"] as const;
export type StreamEventName = (typeof STREAM_EVENTS)[number];
