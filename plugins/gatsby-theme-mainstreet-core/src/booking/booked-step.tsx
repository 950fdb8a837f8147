import React, { useCallback, useEffect, useState } from "react";
import { APPOINTMENTS_PATH } from "@mainstreet/rules/booking/booking";
import { bookedSearch, parseBookedSearch, type BookedLink } from "@mainstreet/rules/booking/booking-flow";
import type { AppointmentView, CreatedAppointment } from "@mainstreet/rules/api/appointments-api";
import { viewAppointment } from "./booking-api";
import { locationLabel, type BookingData } from "./booking-data";
import { Confirmation } from "./details-step";
import { useStepFocus } from "./step-focus";

/** What the flow knows of a booking it has just made; after a reload only the link is left. */
export interface Booked {
  link: BookedLink;
  made?: { appointment: CreatedAppointment; itemId: string; locationId: string; email: string };
}

/**
 * The booking the page's address names (`?reference=…&token=…`, as the manage page's does). Booking
 * replaces the details step's history entry with it, so a reload or a return through history shows the
 * confirmation again and never a details form that could book twice.
 */
export function useBooked(): [Booked | null, (made: NonNullable<Booked["made"]>) => void] {
  // The first render matches the server's HTML (no address there); the address follows at once.
  const [booked, setBooked] = useState<Booked | null>(null);
  useEffect(() => {
    const sync = () =>
      setBooked((current) => {
        const link = parseBookedSearch(window.location.search);
        if (!link) return null;
        return current?.link.reference === link.reference ? current : { link };
      });
    sync();
    window.addEventListener("popstate", sync);
    return () => window.removeEventListener("popstate", sync);
  }, []);
  const done = useCallback((made: NonNullable<Booked["made"]>) => {
    const link = { reference: made.appointment.reference, token: made.appointment.manage_token };
    window.history.replaceState(window.history.state, "", `${window.location.pathname}${bookedSearch(link)}`);
    setBooked({ link, made });
  }, []);
  return [booked, done];
}

type Loaded = { status: "loading" } | { status: "failed"; message: string } | { status: "ready"; view: AppointmentView };

function useView(booked: Booked): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  useEffect(() => {
    if (booked.made) return;
    let live = true;
    viewAppointment(booked.link.reference, booked.link.token)
      .then((view) => live && setLoaded({ status: "ready", view }))
      .catch((error: unknown) => live && setLoaded({ status: "failed", message: error instanceof Error && error.message ? error.message : "That did not work. Check your connection and try again." }));
    return () => {
      live = false;
    };
  }, [booked]);
  return loaded;
}

function Cancelled() {
  const heading = useStepFocus<HTMLHeadingElement>("cancelled");
  return (
    <section className="booking-step booking-confirmation" aria-labelledby="booking-cancelled-title">
      <h2 id="booking-cancelled-title" ref={heading} tabIndex={-1} className="booking-step__title">
        This appointment is cancelled
      </h2>
      <p>
        <a className="button" href={APPOINTMENTS_PATH}>
          Book another appointment
        </a>
      </p>
    </section>
  );
}

/** The confirmation step: the booking just made, or, after a reload, the booking as the service holds it. */
export function BookedStep({ data, booked }: { data: BookingData; booked: Booked }) {
  const loaded = useView(booked);
  const { made } = booked;
  const view = loaded.status === "ready" ? loaded.view : null;
  if (view?.status === "cancelled") return <Cancelled />;
  const appointment = made?.appointment ?? (view && { id: view.id, reference: view.reference, start: view.start, end: view.end, staff: view.staff, manage_token: booked.link.token });
  const itemId = made?.itemId ?? view?.item_id;
  const location = data.locations.find((entry) => entry.locationId === (made?.locationId ?? view?.location_id));
  const service = data.services.find((entry) => entry.itemId === itemId);
  if (appointment) {
    const address = location ? locationLabel(location) : data.businessName;
    return <Confirmation appointment={appointment} serviceName={service?.name ?? "Your appointment"} businessName={data.businessName} address={address} timeZone={location?.timezone ?? view?.time_zone ?? "UTC"} email={made?.email ?? null} />;
  }
  if (loaded.status === "failed") {
    return (
      <p className="form-message form-message--error" role="alert">
        {loaded.message}
      </p>
    );
  }
  return <p role="status">Looking up your appointment…</p>;
}
