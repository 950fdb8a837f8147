/**
 * What the workspace's API calls answer (docs/api.md, "Merchant workspace"). Types only: the app trusts
 * the service it is served by and carries no validator.
 */

export type Role = "owner" | "staff";

export interface ManageLocation {
  id: string;
  name: string;
  time_zone: string;
}

export interface ManageUser {
  id: string;
  email: string;
  role: Role;
  business_id: string;
  business_name: string;
  /** Every location of the business, in data order. */
  locations?: ManageLocation[];
}

export interface SessionReply {
  user: ManageUser;
  csrf_token: string;
}

export interface StaffUser {
  id: string;
  email: string;
  role: Role;
  created_at: string;
  last_seen_at: string | null;
}

export interface Invitation {
  id: string;
  email: string;
  role: Role;
  expires_at: string;
  accept_url?: string;
}

export const FULFILLMENT_STATUSES = ["placed", "accepted", "ready", "completed", "cancelled"] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

export interface Address {
  street_address: string;
  extended_address: string;
  locality: string;
  administrative_area_level_1: string;
  postal_code: string;
  country: string;
}

export interface OrderTicket {
  id: string;
  number: string;
  status: FulfillmentStatus;
  placed_at: string;
  promised_at: string | null;
  promised_until: string | null;
  scheduled_for: string | null;
  location: { id: string; name: string; time_zone: string };
  fulfillment: { method: "pickup" | "delivery"; address?: Address | null };
  customer: { first_name: string; last_name: string; email: string; phone: string };
  lines: {
    id: string;
    item_name: string;
    variation_name: string;
    quantity: number;
    modifiers: { name: string }[];
    special_instructions: string;
    total_cents: number;
  }[];
  instructions: string;
  totals: { subtotal_cents: number; tax_cents: number; tip_cents: number; delivery_fee_cents: number; total_cents: number };
  currency: string;
  updated_at: string;
  cancel_reason?: string | null;
}

export interface KitchenState {
  location_id: string;
  name: string;
  rush_minutes: number;
  paused_until: string | null;
  orders_per_slot: number | null;
  orders_per_slot_from_data: number | null;
}

export type SoldOutUntil = string | null | "indefinitely";

export interface AvailabilityItem {
  item_id: string;
  name: string;
  category: string;
  sold_out_until: SoldOutUntil;
  /** Marked unavailable in the business data: not changeable in the workspace. */
  locked?: boolean;
  variations: { id: string; name: string; sold_out_until: SoldOutUntil; locked?: boolean }[];
}

export type SoldOutChoice = "today" | "indefinitely" | false;

export interface Reservation {
  id: string;
  reference: string;
  location_id: string;
  starts_at: string;
  party_size: number | null;
  name: string;
  email: string;
  phone: string;
  notes: string;
  service_name: string | null;
  team_member_name: string | null;
  status: "confirmed" | "cancelled" | "no_show";
  created_at: string;
}

export type MessageKind = "contact" | "application";

export interface Message {
  id: string;
  kind: MessageKind;
  created_at: string;
  location_id: string | null;
  name: string;
  email: string;
  phone?: string | null;
  subject?: string | null;
  message: string;
  role?: string | null;
  read_at: string | null;
}

export type ReviewStatus = "pending" | "approved" | "rejected";

export interface Review {
  id: string;
  status: ReviewStatus;
  rating: number;
  text: string;
  name: string;
  email: string;
  item_id?: string | null;
  item_name?: string | null;
  location_id?: string | null;
  created_at: string;
  decided_at: string | null;
}

export interface Subscriber {
  email: string;
  opt_in: boolean;
  created_at: string;
}
