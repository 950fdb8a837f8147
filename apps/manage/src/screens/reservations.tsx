import React, { useId, useState } from "react";
import type { ManageReservation as Reservation, ReservationsReply } from "@mainstreet/rules/api/manage-api";
import type { ScreenProps } from "../types";
import { ConfirmDialog } from "../components/dialog";
import { ActionButton, ErrorText, LoadState, ScreenHeading, SelectField, useNow, ViewLinks } from "../components/ui";
import { dateAfter, formatDay, formatTime, zonedDate } from "../format";
import { personName } from "../people";
import { locationZone, useLocations, useSession } from "../session";
import type { FirstRead } from "../types";
import { useConfirmedAction } from "../use-confirmed-action";
import { read } from "../reads";
import { useLoad } from "../use-load";

/** How far ahead the Upcoming view reads. */
const UPCOMING_DAYS = 30;

/** Today's reservations at a location (all of them with none chosen), or the next UPCOMING_DAYS days'. */
function reservationsRead(locationId: string, today: string, upcoming: boolean) {
  const from = upcoming ? dateAfter(today, 1) : today;
  const to = upcoming ? dateAfter(today, UPCOMING_DAYS) : today;
  const query = new URLSearchParams({ from, to, ...(locationId ? { location_id: locationId } : {}) }).toString();
  return read(`manage/reservations/?${query}`, (reply: ReservationsReply) => reply.reservations);
}
export const reservationsFirstRead: FirstRead = ({ user, now }) => {
  const locationId = user.locations[0]?.id ?? "";
  return reservationsRead(locationId, zonedDate(now, locationZone(user.locations, locationId)), false);
};

const STATUS_TEXT: Record<Reservation["status"], string> = { confirmed: "Confirmed", cancelled: "Cancelled", no_show: "No-show" };

function ReservationCard({ reservation, zone, now, onCancel, onChanged }: { reservation: Reservation; zone: string; now: number; onCancel: (reservation: Reservation) => void; onChanged: (reservation: Reservation) => void }) {
  const { api, announce } = useSession();
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const started = new Date(reservation.starts_at).getTime() <= now;
  const guest = personName(reservation.name);
  const what = [reservation.party_size ? `${reservation.party_size} ${reservation.party_size === 1 ? "guest" : "guests"}` : null, reservation.service_name, reservation.team_member_name ? `with ${reservation.team_member_name}` : null]
    .filter(Boolean)
    .join(" · ");
  return (
    <article className={`card reservation reservation--${reservation.status}`} aria-labelledby={titleId}>
      <header className="ticket__header">
        <h3 id={titleId} className="reservation__title">
          {formatTime(reservation.starts_at, zone)} · {guest}
        </h3>
        <span className={`badge badge--${reservation.status}`}>{STATUS_TEXT[reservation.status]}</span>
      </header>
      {what ? <p>{what}</p> : null}
      <p className="ticket__meta">
        Reference {reservation.reference}
        {reservation.phone ? (
          <>
            {" · "}
            <a href={`tel:${reservation.phone.replace(/[^\d+]/g, "")}`}>{reservation.phone}</a>
          </>
        ) : null}
        {reservation.email ? (
          <>
            {" · "}
            <a href={`mailto:${reservation.email}`}>{reservation.email}</a>
          </>
        ) : null}
      </p>
      {reservation.notes ? <p className="line__note">Notes: “{reservation.notes}”</p> : null}
      {reservation.status === "confirmed" ? (
        <div className="ticket__actions">
          <button type="button" className="button" onClick={() => onCancel(reservation)}>
            Cancel<span className="visually-hidden"> the booking of {personName(reservation.name, true)} at {formatTime(reservation.starts_at, zone)}</span>
          </button>
          {started ? (
            <ActionButton
              busyLabel="Saving…"
              onError={setError}
              onAction={async () => {
                const updated = await api.send<Reservation>("POST", `manage/reservations/${encodeURIComponent(reservation.id)}/status/`, { status: "no_show" });
                onChanged(updated);
                announce(`${guest} marked as a no-show.`);
              }}
            >
              Mark no-show<span className="visually-hidden"> ({guest})</span>
            </ActionButton>
          ) : null}
        </div>
      ) : null}
      <ErrorText message={error} />
    </article>
  );
}

export function ReservationsScreen({ view }: ScreenProps) {
  const upcoming = view === "upcoming";
  const { api, announce } = useSession();
  const { locations, zoneOf } = useLocations();
  const now = useNow();
  const [locationId, setLocationId] = useState(locations[0]?.id ?? "");
  const zone = zoneOf(locationId || null);
  const today = zonedDate(now, zone);
  const list = useLoad(reservationsRead(locationId, today, upcoming));
  const replace = (reservation: Reservation) => list.update((entries) => entries.map((entry) => (entry.id === reservation.id ? reservation : entry)));
  const selectId = useId();

  const reservations = [...(list.data ?? [])].sort((a, b) => new Date(a.starts_at).getTime() - new Date(b.starts_at).getTime());
  const days = [...new Set(reservations.map((reservation) => zonedDate(reservation.starts_at, zone)))];

  const cancellation = useConfirmedAction<Reservation>(async (reservation) => {
    const updated = await api.send<Reservation>("POST", `manage/reservations/${encodeURIComponent(reservation.id)}/status/`, { status: "cancelled" });
    replace(updated);
    announce(`The booking of ${personName(reservation.name, true)} is cancelled; the guest is emailed.`);
  });
  const cancelling = cancellation.target;

  return (
    <section aria-labelledby="reservations-title">
      <div className="screen__header">
        <ScreenHeading id="reservations-title">Reservations</ScreenHeading>
        <ViewLinks
          label="Reservations"
          links={[
            { label: "Today", route: { screen: "reservations", view: null }, current: !upcoming },
            { label: "Upcoming", route: { screen: "reservations", view: "upcoming" }, current: upcoming },
          ]}
        />
        {locations.length > 1 ? <SelectField id={selectId} label="Location" value={locationId} options={locations} onChange={setLocationId} inline /> : null}
      </div>
      <LoadState loading={list.loading && !list.data} error={list.error} onRetry={() => void list.reload()} what="reservations" />
      {list.data && reservations.length === 0 ? <p className="empty">{upcoming ? `No bookings in the next ${UPCOMING_DAYS} days.` : "No bookings today."}</p> : null}
      {days.map((day) => (
        <section key={day} className="day" aria-label={formatDay(`${day}T12:00:00Z`, "UTC")}>
          <h2>{day === today ? "Today" : formatDay(`${day}T12:00:00Z`, "UTC")}</h2>
          <div className="tickets">
            {reservations
              .filter((reservation) => zonedDate(reservation.starts_at, zone) === day)
              .map((reservation) => (
                <ReservationCard key={reservation.id} reservation={reservation} zone={zone} now={now} onCancel={cancellation.ask} onChanged={replace} />
              ))}
          </div>
        </section>
      ))}
      <ConfirmDialog
        {...cancellation.dialog}
        title={cancelling ? `Cancel the booking of ${personName(cancelling.name, true)}?` : "Cancel the booking"}
        confirmLabel="Cancel booking"
        busyLabel="Cancelling…"
        cancelLabel="Keep booking"
      >
        {cancelling ? (
          <p>
            {formatDay(cancelling.starts_at, zone)} at {formatTime(cancelling.starts_at, zone)}. The guest gets an email, and the time is free to book again.
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
