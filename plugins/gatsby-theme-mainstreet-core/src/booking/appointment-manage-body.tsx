import React, { Suspense, useEffect, useState } from "react";
import type { AppointmentView } from "@mainstreet/rules/api/appointments-api";
import { parseBookedSearch, type BookedLink } from "@mainstreet/rules/booking/booking-flow";
import { cancelAppointment, moveAppointment, viewAppointment } from "./booking-api";
import { locationLabel, type BookingLocation } from "./booking-data";
import { whenLabel } from "./booking-time";
import { useStepFocus } from "./step-focus";
import { lazyComponent } from "../hydration/deferred";
import { prefetchCode, whenIdle } from "../hydration/prefetch";
import "./booking.css";

const loadMoveSteps = () => import("./move-steps");
// The day and time steps come only with a tap on Move: fetched into the cache at idle, run then.
const MoveSteps = lazyComponent(loadMoveSteps);

export interface AppointmentManageProps {
  businessName: string;
  locations: BookingLocation[];
}

type Loaded = { status: "loading" } | { status: "missing" } | { status: "failed"; message: string } | { status: "ready"; view: AppointmentView };

const MISSING = "This link is incomplete. Open the link in your confirmation email again.";

function failure(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "That did not work. Check your connection and try again.";
}

function useAppointment(): [Loaded, (view: AppointmentView) => void, BookedLink | null] {
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [link, setLink] = useState<BookedLink | null>(null);
  useEffect(() => {
    const booked = parseBookedSearch(window.location.search);
    if (!booked) {
      setLoaded({ status: "missing" });
      return;
    }
    setLink(booked);
    viewAppointment(booked.reference, booked.token)
      .then((view) => setLoaded({ status: "ready", view }))
      .catch((error: unknown) => setLoaded({ status: "failed", message: failure(error) }));
  }, []);
  return [loaded, (view) => setLoaded({ status: "ready", view }), link];
}

/** The manage page: the booking as the service holds it, and Cancel and Move until the cancellation window closes. */
export default function AppointmentManageBody({ businessName, locations }: AppointmentManageProps) {
  const [loaded, setView, link] = useAppointment();
  const [mode, setMode] = useState<"view" | "move" | "cancel">("view");
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const view = loaded.status === "ready" ? loaded.view : null;
  const location = locations.find((entry) => entry.locationId === view?.location_id);
  const heading = useStepFocus<HTMLHeadingElement>(`${view?.status ?? ""}-${view?.start ?? ""}`, message !== null);
  const movable = view !== null && view.status !== "cancelled" && view.changeable;
  useEffect(() => {
    if (movable) whenIdle(() => prefetchCode(loadMoveSteps));
  }, [movable]);

  if (loaded.status === "loading") return <p role="status">Looking up your appointment…</p>;
  if (loaded.status === "missing" || loaded.status === "failed") {
    return (
      <p className="form-message form-message--error" role="alert">
        {loaded.status === "missing" ? MISSING : loaded.message}
      </p>
    );
  }
  const current = loaded.view;
  const act = (action: Promise<AppointmentView>, done: string) => {
    setBusy(true);
    setMessage(null);
    action
      .then((next) => {
        setView(next);
        setMode("view");
        setMessage(done);
      })
      .catch((error: unknown) => setMessage(failure(error)))
      .finally(() => setBusy(false));
  };
  const where = location ? locationLabel(location) : businessName;
  const cancelled = current.status === "cancelled";
  return (
    <section className="booking-manage" aria-labelledby="booking-manage-title">
      <h2 id="booking-manage-title" ref={heading} tabIndex={-1}>
        {cancelled ? "This appointment is cancelled" : "Your appointment"}
      </h2>
      <dl className="booking-summary">
        <div className="booking-summary__row"><dt>Reference</dt><dd>{current.reference}</dd></div>
        <div className="booking-summary__row"><dt>When</dt><dd>{whenLabel(current.start, current.time_zone)}</dd></div>
        <div className="booking-summary__row"><dt>With</dt><dd>{current.staff.name}</dd></div>
        <div className="booking-summary__row"><dt>Where</dt><dd>{where}</dd></div>
      </dl>
      <p role="status" className="booking-manage__message">{message}</p>
      {cancelled ? null : !current.changeable ? (
        <p>This appointment can no longer be changed online: changes closed {whenLabel(current.changeable_until, current.time_zone)}. Call {businessName} to change it.</p>
      ) : mode === "cancel" ? (
        <div className="booking-manage__confirm">
          <p>Cancel this appointment? The time goes back to others.</p>
          <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => !busy && link && act(cancelAppointment(link.reference, link.token), "Your appointment is cancelled. We sent you an email.")}>Yes, cancel it</button>{" "}
          <button type="button" className="text-button" onClick={() => setMode("view")}>Keep it</button>
        </div>
      ) : mode === "move" ? (
        <Suspense fallback={<p role="status" aria-busy="true">Finding free times…</p>}>
          <MoveSteps view={current} daysAhead={location?.appointments.daysAhead ?? 30} onMove={(start) => !busy && link && act(moveAppointment(link.reference, link.token, start), "Your appointment is moved. We sent you an email.")} onKeep={() => setMode("view")} />
        </Suspense>
      ) : (
        <p className="booking-manage__actions">
          <button type="button" className="button" onClick={() => setMode("move")}>Move to another time</button>{" "}
          <button type="button" className="button button--secondary" onClick={() => setMode("cancel")}>Cancel appointment</button>
        </p>
      )}
    </section>
  );
}
