import { sqlState, type Queryable } from "../db/db";

/**
 * All the SQL of appointments and calendar blocks (migration 004). The table's exclusion constraint
 * (`appointments_no_overlap`) is what keeps one person's time from overlapping: an insert or a move that
 * would overlap fails with SQLSTATE 23P01, which `isOverlap` recognises for the service to answer 409.
 *
 * Every write that gives a person time (an insert, a move) first holds that person's advisory lock until
 * its transaction ends (`PERSON_TIME`). The constraint alone is a GiST exclusion check, made after the new
 * index entry is in: two transactions writing the same person's time at once can each find the other's
 * uncommitted entry and wait for each other, a deadlock PostgreSQL breaks after a second by failing one
 * (40P01), and under a burst the survivor meets the next newcomer the same way, one second each (50
 * visitors for one start once took 46 s and 49 failures). Holding the lock, the writers of one person take
 * turns: the second finds the first's entry committed and gets 23P01 at once.
 */

export type AppointmentStatus = "booked" | "cancelled" | "no_show";

export interface AppointmentRow extends Record<string, unknown> {
  id: string;
  business_id: string;
  location_id: string;
  staff_id: string;
  kind: "appointment" | "block";
  source: "online" | "walk_in" | null;
  variation_id: string | null;
  starts_at: Date;
  ends_at: Date;
  buffer_ends_at: Date;
  status: AppointmentStatus;
  reference: string | null;
  manage_token_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  notes: string;
  sequence: number;
  reminder_at: Date | null;
  reminded_at: Date | null;
  created_at: Date;
  updated_at: Date;
  cancelled_at: Date | null;
}

/** A stretch of a person's time that is taken (an appointment with its buffer, or a block). */
export interface BusyRow extends Record<string, unknown> {
  id: string;
  staff_id: string;
  kind: "appointment" | "block";
  starts_at: Date;
  buffer_ends_at: Date;
}

export const OVERLAP_CONSTRAINT = "appointments_no_overlap";

/** Whether a failed statement was refused because the person's time is already taken. */
export function isOverlap(error: unknown): boolean {
  return sqlState(error) === "23P01";
}

export interface NewAppointment {
  id: string;
  businessId: string;
  locationId: string;
  staffId: string;
  kind: "appointment" | "block";
  source: "online" | "walk_in" | null;
  variationId: string | null;
  startsAt: Date;
  endsAt: Date;
  bufferEndsAt: Date;
  reference: string | null;
  manageTokenHash: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  notes: string;
  reminderAt: Date | null;
  at: Date;
}

/**
 * The advisory lock of one person's time, in the two-key space (which never meets the single-key locks of
 * migrate.ts): the first key says whose locks these are (migration 004), the second is the person. Taken
 * in the same statement as the write, so a write outside a transaction holds it too.
 */
const PERSON_TIME = (businessId: string, staffId: string) => `pg_advisory_xact_lock(4, hashtext(${businessId} || '/' || ${staffId}))`;

/** Inserts an appointment or a block; throws the constraint's 23P01 when it overlaps the person's time. */
export async function insertAppointment(q: Queryable, row: NewAppointment): Promise<AppointmentRow> {
  // INSERT … SELECT FROM the lock: no row reaches the table (and its index) before the lock is held.
  const { rows } = await q.query<AppointmentRow>(
    `WITH held AS MATERIALIZED (SELECT ${PERSON_TIME("$2::text", "$4::text")})
     INSERT INTO appointments (id, business_id, location_id, staff_id, kind, source, variation_id, starts_at, ends_at, buffer_ends_at,
                               reference, manage_token_hash, first_name, last_name, email, phone, notes, reminder_at, created_at, updated_at)
     SELECT $1::uuid, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text, $8::timestamptz, $9::timestamptz, $10::timestamptz,
            $11::text, $12::text, $13::text, $14::text, $15::text, $16::text, $17::text, $18::timestamptz, $19::timestamptz, $19::timestamptz
       FROM held
     RETURNING *`,
    [
      row.id,
      row.businessId,
      row.locationId,
      row.staffId,
      row.kind,
      row.source,
      row.variationId,
      row.startsAt,
      row.endsAt,
      row.bufferEndsAt,
      row.reference,
      row.manageTokenHash,
      row.firstName,
      row.lastName,
      row.email,
      row.phone,
      row.notes,
      row.reminderAt,
      row.at,
    ],
  );
  return rows[0];
}

/** The taken time of a business's people (all, or the ones named) overlapping [from, to), whatever the location. */
export async function busyBetween(q: Queryable, businessId: string, staffIds: readonly string[] | null, from: Date, to: Date): Promise<BusyRow[]> {
  const { rows } = await q.query<BusyRow>(
    `SELECT id, staff_id, kind, starts_at, buffer_ends_at FROM appointments
      WHERE business_id = $1 AND status <> 'cancelled' AND ($2::text[] IS NULL OR staff_id = ANY($2::text[]))
        AND tstzrange(starts_at, buffer_ends_at, '[)') && tstzrange($3::timestamptz, $4::timestamptz, '[)')
      ORDER BY starts_at`,
    [businessId, staffIds === null ? null : [...staffIds], from, to],
  );
  return rows;
}

/** A booking by its reference; locked until the transaction ends when `lock` (a cancel or move). */
export async function byReference(q: Queryable, reference: string, lock: boolean): Promise<AppointmentRow | undefined> {
  const { rows } = await q.query<AppointmentRow>(`SELECT * FROM appointments WHERE reference = $1 AND kind = 'appointment'${lock ? " FOR UPDATE" : ""}`, [reference]);
  return rows[0];
}

export async function lockById(q: Queryable, businessId: string, id: string): Promise<AppointmentRow | undefined> {
  const { rows } = await q.query<AppointmentRow>("SELECT * FROM appointments WHERE id = $1 AND business_id = $2 FOR UPDATE", [id, businessId]);
  return rows[0];
}

export async function findById(q: Queryable, businessId: string, id: string): Promise<AppointmentRow | undefined> {
  const { rows } = await q.query<AppointmentRow>("SELECT * FROM appointments WHERE id = $1 AND business_id = $2", [id, businessId]);
  return rows[0];
}

/**
 * Moves an appointment (and maybe to another person): a new calendar-file sequence, and the reminder due
 * again for the new time. Throws 23P01 when the new time overlaps.
 */
export async function moveAppointment(
  q: Queryable,
  id: string,
  change: { staffId: string; startsAt: Date; endsAt: Date; bufferEndsAt: Date; reminderAt: Date | null; at: Date },
): Promise<AppointmentRow> {
  // The lock of the person the time moves to, joined in so the row is not written before it is held.
  const { rows } = await q.query<AppointmentRow>(
    `WITH held AS MATERIALIZED (SELECT ${PERSON_TIME("mover.business_id", "$2::text")} FROM appointments mover WHERE mover.id = $1)
     UPDATE appointments SET staff_id = $2, starts_at = $3, ends_at = $4, buffer_ends_at = $5, reminder_at = $6, reminded_at = NULL,
                             sequence = sequence + 1, updated_at = $7
       FROM held
      WHERE appointments.id = $1 RETURNING appointments.*`,
    [id, change.staffId, change.startsAt, change.endsAt, change.bufferEndsAt, change.reminderAt, change.at],
  );
  return rows[0];
}

/** Cancelled (its time is free at once: the constraint ignores cancelled rows) or marked a no-show. */
export async function setAppointmentStatus(q: Queryable, id: string, status: "cancelled" | "no_show", at: Date): Promise<AppointmentRow> {
  const { rows } = await q.query<AppointmentRow>(
    `UPDATE appointments SET status = $2, updated_at = $3,
                             cancelled_at = CASE WHEN $2 = 'cancelled' THEN $3 ELSE cancelled_at END,
                             sequence = CASE WHEN $2 = 'cancelled' THEN sequence + 1 ELSE sequence END
      WHERE id = $1 RETURNING *`,
    [id, status, at],
  );
  return rows[0];
}

/**
 * The calendar of a location (or all) from `from` to `to`: appointments of every status that start in the
 * range, and the blocks still in force.
 */
export async function calendarBetween(q: Queryable, businessId: string, locationId: string | null, from: Date, to: Date): Promise<AppointmentRow[]> {
  const { rows } = await q.query<AppointmentRow>(
    `SELECT * FROM appointments
      WHERE business_id = $1 AND ($2::text IS NULL OR location_id = $2) AND starts_at < $4 AND buffer_ends_at > $3
        AND (kind = 'appointment' OR status <> 'cancelled')
      ORDER BY starts_at, created_at`,
    [businessId, locationId, from, to],
  );
  return rows;
}

/**
 * Claims reminders that are due (at most `limit`): each row is marked reminded in the same statement that
 * picks it, skipping rows another sender holds, so two replicas running this together never take the same
 * appointment. The caller queues the mail in the same transaction: the claim and the mail commit together.
 */
export async function claimDueReminders(q: Queryable, now: Date, limit: number): Promise<AppointmentRow[]> {
  const { rows } = await q.query<AppointmentRow>(
    `UPDATE appointments SET reminded_at = $1
      WHERE id IN (
        SELECT id FROM appointments
         WHERE reminded_at IS NULL AND status = 'booked' AND kind = 'appointment' AND email IS NOT NULL
           AND reminder_at <= $1 AND starts_at > $1
         ORDER BY reminder_at
         LIMIT $2
         FOR UPDATE SKIP LOCKED)
        AND reminded_at IS NULL
      RETURNING *`,
    [now, limit],
  );
  return rows;
}
