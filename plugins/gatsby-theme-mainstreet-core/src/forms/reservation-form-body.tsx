import React, { useEffect, useId, useMemo, useRef, useState, type RefObject } from "react";
import {
  EMPTY_RESERVATION,
  RESERVATION_ERROR_PATHS,
  eventBody,
  formEvent,
  reservationFieldValues,
  reservationKind,
  validateReservation,
  type ReservationValues,
} from "@mainstreet/rules/forms";
import { bookableLocations, cancelHash, parseCancelHash, slotOptionLabel, slotOptions, type ServerSlot } from "@mainstreet/rules/booking";
import { lazyModule } from "../hydration/lazy-module";
import { useInViewport } from "../hooks/use-in-viewport";
import { onFirstInteraction } from "../hydration/first-interaction";
import { isApiError } from "../runtime/api-client";
import { track } from "../runtime/analytics";
import { Form, SelectField, SuccessPanel, TextField, useForm, type SelectGroup } from "./form-kit";
import { cancelReservation, fetchSlots, postEvent, sendFailure, websiteRef } from "./form-api";
import type { ReservationReply, ReservationView } from "@mainstreet/rules/api-views";
import { locationAddressLine, locationTitle, type FormsData, type FormsLocation } from "./use-forms-data";
import { useSiteFormats } from "../hooks/site-formats";

const LABELS = {
  locationId: "Location",
  date: "Date",
  start: "Time",
  partySize: "Guests",
  serviceId: "Service",
  teamMemberId: "With",
  name: "Name",
  email: "Email",
  phone: "Phone",
  notes: "Notes",
};

type TimeRules = typeof import("./reservation-time-rules");
const timeRules = lazyModule<TimeRules>(() => import("./reservation-time-rules"));
/**
 * The calendar rules, fetched once the visitor engages: the form is near the screen and they have
 * touched, clicked or typed anywhere on the page, or the form itself takes focus or has a value changed
 * (autofill). A reader who only
 * scrolls past, and a page-speed robot, never pay for luxon; a visitor who taps the date field gets it
 * in one small request ("Loading dates…" meanwhile). `failed` is set when the fetch failed (offline,
 * or a deploy replaced the chunk); focusing the form again retries.
 */
function useTimeRules(ref: RefObject<HTMLElement>, attempt: number): { rules: TimeRules | null; requested: boolean; failed: boolean } {
  const [rules, setRules] = useState<TimeRules | null>(() => timeRules.get());
  const [failed, setFailed] = useState(false);
  const [engaged, setEngaged] = useState(false);
  const near = useInViewport(ref);
  useEffect(() => onFirstInteraction(() => setEngaged(true)), []);
  const requested = rules !== null || (near && engaged) || attempt > 0;
  useEffect(() => {
    if (rules || !requested) return undefined;
    let live = true;
    setFailed(false);
    timeRules.load().then(
      (module) => live && setRules(module),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [requested, attempt, rules]);
  return { rules, requested, failed };
}

export interface ReservationFormProps {
  /** Book at this location only (a location page); without it the visitor picks one. */
  locationId?: string;
  title?: string;
  headingLevel?: 2 | 3;
}


interface SlotAnswer {
  key: string;
  slots: ServerSlot[] | null;
}

/** The form for the locations it may offer (computed here, so the deferred part's props stay the caller's). */
export default function ReservationFormPart(props: ReservationFormProps & { data: FormsData }) {
  const { data, locationId } = props;
  const locations = useMemo(() => bookableLocations(data.locations, locationId), [data.locations, locationId]);
  return <ReservationFormBody {...props} locations={locations} />;
}

function ReservationFormBody({ data, locations, locationId, title, headingLevel = 2 }: ReservationFormProps & { data: FormsData; locations: FormsLocation[] }) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const kind = reservationKind(data.business.type);
  const requireService = kind === "appointment" && data.serviceGroups.length > 0;
  // The clock is read after hydration only: the server render offers no dates, so both renders match.
  const [now, setNow] = useState<number | null>(null);
  const [answer, setAnswer] = useState<SlotAnswer | null>(null);
  const [refresh, setRefresh] = useState(0);
  const sectionRef = useRef<HTMLElement>(null);
  const [focusAttempt, setFocusAttempt] = useState(0);
  const { rules, requested: rulesRequested, failed: rulesFailed } = useTimeRules(sectionRef, focusAttempt);

  const form = useForm<ReservationValues, ReservationReply>({
    initial: { ...EMPTY_RESERVATION, locationId: locationId ?? (locations.length === 1 ? locations[0].locationId : "") },
    labels: LABELS,
    validate: (values) => validateReservation(values, { kind, requireService, offeredStarts: options.filter((slot) => slot.available).map((slot) => slot.start) }),
    send: async (values) => {
      try {
        return await postEvent<ReservationReply>(
          eventBody({
            business: data.business,
            website: websiteRef(data.business),
            locationId: values.locationId,
            type: "reservation",
            name: "Reservation form",
            fieldValues: reservationFieldValues(values, kind),
          }),
        );
      } catch (error) {
        // Somebody took the last seat meanwhile, or the slot closed: show fresh availability.
        setRefresh((count) => count + 1);
        const failure = sendFailure<ReservationValues>(error, RESERVATION_ERROR_PATHS);
        if (isApiError(error) && error.status === 409) failure.errors = { ...failure.errors, start: failure.message };
        throw failure;
      }
    },
    onSuccess: (result) => track(formEvent("reservation", locationTitle(locations.find((location) => location.locationId === result.reservation.location_id) ?? locations[0]))),
  });

  const { values } = form.state;
  const location = locations.find((candidate) => candidate.locationId === values.locationId);
  const dates = now !== null && location && rules ? rules.bookingWindow(now, location.timezone) : null;
  const { locale } = useSiteFormats();
  const dateLabel = (date: string) => (rules ? rules.dateLabel(date, locale) : date);

  // The clock is read once the calendar rules are here: dates are offered from then on.
  useEffect(() => {
    if (rules) setNow(Date.now());
  }, [rules]);

  // The first date from today with a time the rule offers (special hours included): proposed while the
  // date is empty, and offered instead of a date that has passed.
  const nextDate = useMemo(() => {
    if (!location || now === null || !rules) return null;
    const from = rules.bookingWindow(now, location.timezone).today;
    return rules.firstDateWithSlots({ hours: location.hours, specialHours: location.specialHours, timeZone: location.timezone, now, from, intervalMinutes: location.reservations?.slotMinutes });
  }, [location, now, rules]);

  // A location (and the clock) known and no date yet: propose the first date with a free time.
  useEffect(() => {
    if (!location || now === null || !rules || values.date !== "" || form.state.status !== "editing") return;
    if (nextDate) form.suggestValue("date", nextDate);
  }, [location?.locationId, now, values.date === ""]);

  // The rule's slots for the date, and whether the location opens that day at all (asked as of long ago).
  const { local, closed } = useMemo(() => {
    if (!location || now === null || !rules || !/^\d{4}-\d{2}-\d{2}$/.test(values.date)) return { local: [], closed: false };
    const slotsAsOf = (at: number) =>
      rules.timeSlots({ hours: location.hours, specialHours: location.specialHours, timeZone: location.timezone, date: values.date, now: at, intervalMinutes: location.reservations?.slotMinutes, locale });
    try {
      return { local: slotsAsOf(now), closed: slotsAsOf(0).length === 0 };
    } catch {
      return { local: [], closed: false };
    }
  }, [location, now, rules, values.date, locale]);

  const key = location && /^\d{4}-\d{2}-\d{2}$/.test(values.date) ? `${location.locationId}|${values.date}|${refresh}` : "";
  useEffect(() => {
    if (!key || !location) return undefined;
    const controller = new AbortController();
    fetchSlots(data.business.businessId, location.locationId, values.date, controller.signal)
      .then((reply) => setAnswer({ key, slots: reply.slots }))
      .catch((error: unknown) => {
        if ((error as { name?: string }).name !== "AbortError") setAnswer({ key, slots: null });
      });
    return () => controller.abort();
  }, [key]);

  const answered = answer?.key === key ? answer : null;
  const options = slotOptions(local, answered?.slots ?? null);
  const free = options.filter((slot) => slot.available);
  const checking = key !== "" && !answered;

  const past = dates !== null && /^\d{4}-\d{2}-\d{2}$/.test(values.date) && values.date < dates.today;
  const tooFar = dates !== null && /^\d{4}-\d{2}-\d{2}$/.test(values.date) && values.date > dates.last;
  const nextOffer = nextDate ? ` The next date with free times is ${dateLabel(nextDate)}.` : "";
  let slotStatus = "";
  if (!location) slotStatus = "Choose a location first.";
  else if (rulesFailed) slotStatus = "The booking calendar could not load. Check your connection, then click or tab into the form to try again.";
  // Before the visitor engages nothing is loading, so nothing says so: the date field simply waits.
  else if (values.date === "") slotStatus = now === null && rulesRequested ? "Loading dates…" : "Choose a date first.";
  else if (past) slotStatus = `${dateLabel(values.date)} is in the past.${nextOffer || " Choose another date."}`;
  else if (tooFar && dates) slotStatus = `Bookings are taken up to ${dateLabel(dates.last)}.${nextOffer || " Choose an earlier date."}`;
  else if (closed) slotStatus = `${locationTitle(location)} is closed on ${dateLabel(values.date)}. Choose another date.`;
  else if (options.length === 0 && !checking) slotStatus = `No times left on ${dateLabel(values.date)}. Choose another date.`;
  else if (free.length === 0 && !checking) slotStatus = `Every time on ${dateLabel(values.date)} is fully booked. Choose another date.`;
  else if (checking && options.length === 0) slotStatus = "Checking availability…";
  else slotStatus = `${free.length} ${free.length === 1 ? "time" : "times"} free on ${dateLabel(values.date)}${checking ? " (checking availability…)" : ""}.`;

  const serviceOptions: SelectGroup[] = data.serviceGroups.map((group) => ({ label: group.name, options: group.items.map((item) => ({ value: item.itemId, label: item.name })) }));
  const result = form.state.result;
  const headingText = title ?? (kind === "table" ? "Reserve a table" : "Book an appointment");
  const engage = () => {
    if (!rules) setFocusAttempt((count) => count + 1);
  };

  return (
    <section
      ref={sectionRef}
      className="form-section"
      aria-labelledby={headingId}
      // Focus, or a value changed without it (autofill, assistive technology), is engagement too.
      onFocus={engage}
      onChange={engage}
    >
      <Heading id={headingId}>{headingText}</Heading>
      <CancelPanel />
      <Form
        form={form}
        labelledBy={headingId}
        submitLabel={kind === "table" ? "Reserve" : "Book"}
        submittingLabel="Booking…"
        success={result ? <Confirmation data={data} reply={result} values={values} locations={locations} /> : null}
        footnote={<p>You will get a confirmation by email with your booking reference.</p>}
      >
        {!locationId && locations.length > 1 ? (
          <SelectField
            form={form}
            name="locationId"
            label={LABELS.locationId}
            placeholder="Choose a location"
            options={locations.map((candidate) => ({ value: candidate.locationId, label: locationTitle(candidate) }))}
            onChange={() => form.setValue("start", "")}
          />
        ) : null}
        <div className="site-form__row">
          <TextField
            form={form}
            name="date"
            label={LABELS.date}
            type="date"
            min={dates?.today}
            max={dates?.last}
            onChange={() => form.setValue("start", "")}
            hint={
              (past || tooFar) && nextDate ? (
                <button
                  type="button"
                  className="text-button"
                  onClick={() => {
                    form.setValue("date", nextDate);
                    form.setValue("start", "");
                  }}
                >
                  Choose {dateLabel(nextDate)}
                </button>
              ) : undefined
            }
          />
          <SelectField
            form={form}
            name="start"
            label={LABELS.start}
            placeholder={options.length === 0 ? "No times on this date" : "Choose a time"}
            options={options.map((slot) => ({ value: slot.start, label: slotOptionLabel(slot), disabled: !slot.available }))}
            hint={
              <>
                <span role="status">{slotStatus}</span>
                {location && now !== null && rules ? ` Times are ${rules.zoneLabel(location.timezone, now)}, the local time at ${locationTitle(location)}.` : ""}
              </>
            }
          />
        </div>
        {kind === "table" ? (
          <TextField form={form} name="partySize" label={LABELS.partySize} type="number" inputMode="numeric" min={1} max={50} hint="How many people, from 1 to 50." />
        ) : (
          <div className="site-form__row">
            {serviceOptions.length > 0 ? <SelectField form={form} name="serviceId" label={LABELS.serviceId} placeholder="Choose a service" options={serviceOptions} /> : null}
            {data.team.length > 0 ? (
              <SelectField form={form} name="teamMemberId" label={LABELS.teamMemberId} optional placeholder="No preference" options={data.team.map((member) => ({ value: member.memberId, label: member.name }))} />
            ) : null}
          </div>
        )}
        <div className="site-form__row">
          <TextField form={form} name="name" label={LABELS.name} autoComplete="name" />
          <TextField form={form} name="email" label={LABELS.email} type="email" autoComplete="email" inputMode="email" />
        </div>
        <TextField form={form} name="phone" label={LABELS.phone} type="tel" autoComplete="tel" inputMode="tel" optional hint="In case the business needs to reach you, like (718) 555-0142." />
        <TextField form={form} name="notes" label={LABELS.notes} multiline rows={3} optional hint={kind === "table" ? "Allergies, a high chair, an occasion…" : "Anything the stylist should know."} />
      </Form>
    </section>
  );
}

function Confirmation({ data, reply, values, locations }: { data: FormsData; reply: ReservationReply; values: ReservationValues; locations: FormsLocation[] }) {
  const location = locations.find((candidate) => candidate.locationId === reply.reservation.location_id);
  const zone = location?.timezone ?? "UTC";
  const { locale } = useSiteFormats();
  const service = data.serviceGroups.flatMap((group) => group.items).find((item) => item.itemId === values.serviceId);
  const member = data.team.find((candidate) => candidate.memberId === values.teamMemberId);
  const cancelLink = `${typeof window === "undefined" ? "" : window.location.pathname}${cancelHash(reply.reservation.reference, reply.cancel_token)}`;
  return (
    <SuccessPanel title="You are booked.">
      <dl className="reservation-summary">
        <dt>Reference</dt>
        <dd data-testid="reservation-reference">{reply.reservation.reference}</dd>
        <dt>When</dt>
        <dd>{timeRules.get()?.reservationTimeLabel(reply.reservation.start, zone, locale) ?? reply.reservation.start}</dd>
        {location ? (
          <>
            <dt>Where</dt>
            <dd>{locationAddressLine(location)}</dd>
          </>
        ) : null}
        {service ? (
          <>
            <dt>Service</dt>
            <dd>
              {service.name}
              {member ? ` with ${member.name}` : ""}
            </dd>
          </>
        ) : (
          <>
            <dt>Guests</dt>
            <dd>{reply.reservation.party_size}</dd>
          </>
        )}
      </dl>
      <p>
        A confirmation is on its way to {values.email.trim()}. Changed your plans? <a href={cancelLink}>Cancel this reservation</a> (keep this link: it is the
        only way to cancel online).
      </p>
    </SuccessPanel>
  );
}

/** Shown when the page is opened with a cancel link (`#cancel=R-…&token=…`): one button cancels. */
function CancelPanel() {
  const [target, setTarget] = useState<{ reference: string; token: string } | null>(null);
  useEffect(() => {
    const read = () => setTarget(parseCancelHash(window.location.hash));
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);
  if (!target) return null;
  return <CancelForm key={target.reference} reference={target.reference} token={target.token} />;
}

function CancelForm({ reference, token }: { reference: string; token: string }) {
  const headingId = useId();
  const form = useForm<Record<string, never>, ReservationView>({
    initial: {},
    labels: {},
    validate: () => ({}),
    send: async () => {
      try {
        return await cancelReservation(reference, token);
      } catch (error) {
        throw sendFailure(error, {});
      }
    },
    onSuccess: () => track(formEvent("cancelReservation")),
  });
  return (
    <div className="form-section" role="region" aria-labelledby={headingId}>
      <h3 id={headingId}>Cancel reservation {reference}</h3>
      <Form
        form={form}
        labelledBy={headingId}
        submitLabel={`Cancel reservation ${reference}`}
        submittingLabel="Cancelling…"
        success={
          <SuccessPanel title={`Reservation ${reference} is cancelled.`}>
            <p>The time is free again for someone else. You can book a new time below.</p>
          </SuccessPanel>
        }
      >
        <p>This cancels the booking for good.</p>
      </Form>
    </div>
  );
}
