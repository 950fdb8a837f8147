import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/db";

/** All the SQL of reservations and their slots, for the visitor's booking and the workspace. */

export interface ReservationRow extends Record<string, unknown> {
  id: string;
  reference: string;
  cancel_token_hash: string;
  business_id: string;
  location_id: string;
  starts_at: Date;
  party_size: number;
  name: string;
  email: string;
  phone: string | null;
  notes: string;
  service_id: string | null;
  team_member_id: string | null;
  status: "confirmed" | "cancelled" | "no_show";
  created_at: Date;
}

/** Confirmed bookings per start (epoch ms) of a location from `from` to `to` (ISO instants). */
export async function bookedReservations(q: Queryable, businessId: string, locationId: string, from: string | null, to: string | null): Promise<Map<number, number>> {
  const { rows } = await q.query<{ starts_at: Date; n: number }>(
    `SELECT starts_at, count(*)::int AS n FROM reservations
      WHERE business_id = $1 AND location_id = $2 AND status = 'confirmed' AND starts_at >= $3::timestamptz AND starts_at < $4::timestamptz
      GROUP BY starts_at`,
    [businessId, locationId, from, to],
  );
  return new Map(rows.map((row) => [new Date(row.starts_at).getTime(), row.n]));
}

/**
 * Locks a reservation slot's row (created on first use) until the transaction ends and counts its
 * confirmed bookings under that lock, so two guests cannot both take its last place.
 */
export async function lockSlotAndCount(q: Queryable, businessId: string, locationId: string, startsAt: string): Promise<number> {
  await q.query(`INSERT INTO reservation_slots (business_id, location_id, starts_at) VALUES ($1, $2, $3::timestamptz) ON CONFLICT DO NOTHING`, [businessId, locationId, startsAt]);
  await q.query("SELECT 1 FROM reservation_slots WHERE business_id = $1 AND location_id = $2 AND starts_at = $3::timestamptz FOR UPDATE", [businessId, locationId, startsAt]);
  const { rows } = await q.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM reservations WHERE business_id = $1 AND location_id = $2 AND starts_at = $3::timestamptz AND status = 'confirmed'",
    [businessId, locationId, startsAt],
  );
  return rows[0].n;
}

export async function insertReservation(
  q: Queryable,
  booking: {
    reference: string;
    cancelTokenHash: string;
    businessId: string;
    locationId: string;
    startsAt: string;
    partySize: number;
    name: string;
    email: string;
    phone: string | null;
    notes: string;
    serviceId: string | null;
    teamMemberId: string | null;
    submissionId: string;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO reservations (id, reference, cancel_token_hash, business_id, location_id, starts_at, party_size, name, email, phone, notes,
                               service_id, team_member_id, submission_id)
     VALUES ($1, $2, $3, $4, $5, $6::timestamptz, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      randomUUID(),
      booking.reference,
      booking.cancelTokenHash,
      booking.businessId,
      booking.locationId,
      booking.startsAt,
      booking.partySize,
      booking.name,
      booking.email,
      booking.phone,
      booking.notes,
      booking.serviceId,
      booking.teamMemberId,
      booking.submissionId,
    ],
  );
}

export async function lockByReference(q: Queryable, reference: string): Promise<ReservationRow | undefined> {
  const { rows } = await q.query<ReservationRow>("SELECT * FROM reservations WHERE reference = $1 FOR UPDATE", [reference]);
  return rows[0];
}

/** The guest's own cancellation. */
export async function cancelByReference(q: Queryable, reference: string): Promise<void> {
  await q.query("UPDATE reservations SET status = 'cancelled', cancelled_at = now() WHERE reference = $1", [reference]);
}

/** A business's bookings from `from` (inclusive) to `to` (exclusive), of one location or all, by time. */
export async function reservationsBetween(q: Queryable, businessId: string, from: Date, to: Date, locationId: string | null): Promise<ReservationRow[]> {
  const { rows } = await q.query<ReservationRow>(
    `SELECT * FROM reservations WHERE business_id = $1 AND starts_at >= $2 AND starts_at < $3 AND ($4::text IS NULL OR location_id = $4) ORDER BY starts_at, created_at`,
    [businessId, from, to, locationId],
  );
  return rows;
}

export async function lockReservation(q: Queryable, businessId: string, reservationId: string): Promise<ReservationRow | undefined> {
  const { rows } = await q.query<ReservationRow>("SELECT * FROM reservations WHERE id = $1 AND business_id = $2 FOR UPDATE", [reservationId, businessId]);
  return rows[0];
}

/** The workspace's move: cancelled (the slot frees at once) or a no-show. */
export async function setReservationStatus(q: Queryable, reservationId: string, status: "cancelled" | "no_show", at: Date): Promise<ReservationRow> {
  const { rows } = await q.query<ReservationRow>(
    "UPDATE reservations SET status = $2, status_changed_at = $3, cancelled_at = CASE WHEN $2 = 'cancelled' THEN $3 ELSE cancelled_at END WHERE id = $1 RETURNING *",
    [reservationId, status, at],
  );
  return rows[0];
}
