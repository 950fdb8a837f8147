import { z } from "zod";
import { email, id, offsetInstant, optionalText } from "./api-requests";
import { MerchantRoleSchema } from "./manage-api";

/**
 * The request bodies of the merchant workspace's API (`{API_BASE}manage/…`), declared once: the service
 * parses with these schemas and the workspace app sends their input types.
 */

/** A password as typed: never trimmed; its rules (passwords.ts) are a 422 with words a person can act on. */
const password = z.string({ message: "expected the password as text" }).max(1024, "expected at most 1024 characters");
/** Session and invitation tokens: 32 random bytes, base64url. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const LoginBody = z.strictObject({
  email,
  password: password.min(1, "expected the password"),
  /** Needed only when the address has accounts at several businesses (the 409 lists them). */
  business_id: id.optional(),
});
export type LoginBody = z.output<typeof LoginBody>;

export const InvitationBody = z.strictObject({ email, role: MerchantRoleSchema });
export type InvitationBody = z.output<typeof InvitationBody>;

/** `PUT manage/users/{id}/`: which team member an account is (null: none). */
export const UserTeamMemberBody = z.strictObject({ team_member_id: z.string().trim().min(1, "expected a team member id like \"maya\", or null").max(100).nullable() });
export type UserTeamMemberBody = z.output<typeof UserTeamMemberBody>;

export const AcceptInvitationBody = z.strictObject({
  token: z.string().regex(TOKEN_PATTERN, "expected the token from the invitation link (43 letters, digits, - and _)"),
  password,
});
export type AcceptInvitationBody = z.output<typeof AcceptInvitationBody>;

/** `POST manage/password-reset/`: where to send a link to set a new password. */
export const PasswordResetBody = z.strictObject({ email });
export type PasswordResetBody = z.output<typeof PasswordResetBody>;

/** `POST manage/password-reset/complete/`: the token from the mailed link and the new password. */
export const CompletePasswordResetBody = z.strictObject({
  token: z.string().regex(TOKEN_PATTERN, "expected the token from the link in the mail (43 letters, digits, - and _)"),
  password,
});
export type CompletePasswordResetBody = z.output<typeof CompletePasswordResetBody>;

export const AvailabilityBody = z.strictObject({
  sold_out: z.union([z.literal("today"), z.literal("indefinitely"), z.literal(false)], {
    message: 'expected "today" (until midnight), "indefinitely" (until further notice) or false (available again)',
  }),
  /** One variation of the item; absent: the whole item. */
  variation_id: id.optional(),
});
export type AvailabilityBody = z.output<typeof AvailabilityBody>;
/** `PUT manage/availability/modifiers/{modifierId}/`: a modifier sold out on every item that offers it. */
export const ModifierAvailabilityBody = AvailabilityBody.omit({ variation_id: true });
export type ModifierAvailabilityBody = z.output<typeof ModifierAvailabilityBody>;
/** `PUT manage/availability/{itemId}/`'s `sold_out`. */
export type SoldOutChange = AvailabilityBody["sold_out"];

export const KitchenBody = z.strictObject({
  rush_minutes: z.number({ message: "expected a whole number of minutes from 0 to 120" }).int("expected a whole number of minutes from 0 to 120").min(0, "expected 0 to 120 minutes").max(120, "expected 0 to 120 minutes").optional(),
  /** Orders paused until then (ISO with its offset); null resumes them. */
  paused_until: offsetInstant.nullable().optional(),
  /** Orders per 15-minute slot, replacing the data file's; null: the data file's applies. */
  orders_per_slot: z.number({ message: "expected a whole number of orders from 1 to 1000, or null" }).int("expected a whole number of orders").min(1, "expected at least 1 order").max(1000, "expected at most 1000 orders").nullable().optional(),
});
export type KitchenBody = z.output<typeof KitchenBody>;
/** What the workspace sends to change a kitchen: only the controls that change. */
export type KitchenChange = z.input<typeof KitchenBody>;

export const StatusBody = z.strictObject({
  status: z.enum(["accepted", "ready", "completed", "cancelled"], { message: 'expected "accepted", "ready", "completed" or "cancelled"' }),
  /** Why it was cancelled, told to the customer; ignored for other moves. */
  reason: optionalText(500).optional(),
});
export type StatusBody = z.output<typeof StatusBody>;

/** `POST manage/reservations/{id}/status/`: the workspace cancels a booking or marks a no-show. */
export const ReservationStatusBody = z.strictObject({ status: z.enum(["cancelled", "no_show"], { message: 'expected "cancelled" or "no_show"' }) });

/** `POST manage/reviews/{id}/decision/`: the merchant approves or rejects a review. */
export const ReviewDecisionBody = z.strictObject({ decision: z.enum(["approve", "reject"], { message: 'expected "approve" or "reject"' }) });
