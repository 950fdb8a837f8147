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
} from "@mainstreet/rules/forms/forms";
import { bookableLocations } from "@mainstreet/rules/booking/booking";
import { cancelHash, parseCancelHash, slotOptionLabel, slotOptions, type ServerSlot } from "@mainstreet/rules/booking/reservation-form";
import { lazyModule } from "../hydration/lazy-module";
import { useInViewport } from "../hooks/use-in-viewport";
import { onFirstInteraction } from "../hydration/first-interaction";
import { isApiError } from "../runtime/api-client";
import { track } from "../runtime/analytics";
import { Form, SelectField, SuccessPanel, TextField, useForm, type FormFields, type SelectGroup } from "./form-kit";
import { cancelReservation, fetchSlots, postEvent, sendFailure, websiteRef } from "./form-api";
import type { ReservationReply, ReservationView } from "@mainstreet/rules/api/api-views";
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

interface SlotsInput {
  businessId: string;
  location: FormsLocation | undefined;
  date: string;
  now: number | null;
  rules: TimeRules | null;
  locale: string;
  /** Bumped to read the service's availability again (a refused booking). */
  refresh: number;
}

/**
 * The times for the chosen date: the rule's slots (with whether the location opens that day at all)
 * merged with the service's availability, read for each location and date; and the first date from today
 * with a time the rule offers (special hours included), proposed while the date is empty and offered
 * instead of a date that has passed.
 */
function useReservationSlots({ businessId, location, date, now, rules, locale, refresh }: SlotsInput) {
  const [answer, setAnswer] = useState<SlotAnswer | null>(null);
  const nextDate = useMemo(() => {
    if (!location || now === null || !rules) return null;
    const from = rules.bookingWindow(now, location.timezone).today;
    return rules.firstDateWithSlots({ hours: location.hours, specialHours: location.specialHours, timeZone: location.timezone, now, from, intervalMinutes: location.reservations?.slotMinutes });
  }, [location, now, rules]);

  // The rule's slots for the date, and whether the location opens that day at all (asked as of long ago).
  const { local, closed } = useMemo(() => {
    if (!location || now === null || !rules || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return { local: [], closed: false };
    const slotsAsOf = (at: number) =>
      rules.timeSlots({ hours: location.hours, specialHours: location.specialHours, timeZone: location.timezone, date: date, now: at, intervalMinutes: location.reservations?.slotMinutes, locale });
    try {
      return { local: slotsAsOf(now), closed: slotsAsOf(0).length === 0 };
    } catch {
      return { local: [], closed: false };
    }
  }, [location, now, rules, date, locale]);

  const key = location && /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${location.locationId}|${date}|${refresh}` : "";
  useEffect(() => {
    if (!key || !location) return undefined;
    const controller = new AbortController();
    fetchSlots(businessId, location.locationId, date, controller.signal)
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

  return { nextDate, closed, options, free, checking };
}

interface StatusInput {
  location: FormsLocation | undefined;
  date: string;
  dates: { today: string; last: string } | null;
  nextDate: string | null;
  closed: boolean;
  options: number;
  free: number;
  checking: boolean;
  now: number | null;
  rules: { requested: boolean; failed: boolean };
  dateLabel(date: string): string;
}

/** Whether a date is before today or after the last date bookings are taken for. */
function outsideWindow(date: string, dates: { today: string; last: string } | null): { past: boolean; tooFar: boolean } {
  const valid = dates !== null && /^\d{4}-\d{2}-\d{2}$/.test(date);
  return { past: valid && date < dates.today, tooFar: valid && date > dates.last };
}

/** What the time field says about the date chosen: why there is no time, or how many are free. */
function slotStatusText({ location, date, dates, nextDate, closed, options, free, checking, now, rules, dateLabel }: StatusInput): string {
  const { past, tooFar } = outsideWindow(date, dates);
  const nextOffer = nextDate ? ` The next date with free times is ${dateLabel(nextDate)}.` : "";
  if (!location) return "Choose a location first.";
  if (rules.failed) return "The booking calendar could not load. Check your connection, then click or tab into the form to try again.";
  // Before the visitor engages nothing is loading, so nothing says so: the date field simply waits.
  if (date === "") return now === null && rules.requested ? "Loading dates…" : "Choose a date first.";
  if (past) return `${dateLabel(date)} is in the past.${nextOffer || " Choose another date."}`;
  if (tooFar && dates) return `Bookings are taken up to ${dateLabel(dates.last)}.${nextOffer || " Choose an earlier date."}`;
  if (closed) return `${locationTitle(location)} is closed on ${dateLabel(date)}. Choose another date.`;
  if (options === 0 && !checking) return `No times left on ${dateLabel(date)}. Choose another date.`;
  if (free === 0 && !checking) return `Every time on ${dateLabel(date)} is fully booked. Choose another date.`;
  if (checking && options === 0) return "Checking availability…";
  return `${free} ${free === 1 ? "time" : "times"} free on ${dateLabel(date)}${checking ? " (checking availability…)" : ""}.`;
}

function ReservationFormBody({ data, locations, locationId, title, headingLevel = 2 }: ReservationFormProps & { data: FormsData; locations: FormsLocation[] }) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const kind = reservationKind(data.business.type);
  const requireService = kind === "appointment" && data.serviceGroups.length > 0;
  // The clock is read after hydration only: the server render offers no dates, so both renders match.
  const [now, setNow] = useState<number | null>(null);
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

  const { nextDate, closed, options, free, checking } = useReservationSlots({ businessId: data.business.businessId, location, date: values.date, now, rules, locale, refresh });

  // A location (and the clock) known and no date yet: propose the first date with a free time.
  useEffect(() => {
    if (!location || now === null || !rules || values.date !== "" || form.state.status !== "editing") return;
    if (nextDate) form.suggestValue("date", nextDate);
  }, [location?.locationId, now, values.date === ""]);

  const { past, tooFar } = outsideWindow(values.date, dates);
  const slotStatus = slotStatusText({ location, date: values.date, dates, nextDate, closed, options: options.length, free: free.length, checking, now, rules: { requested: rulesRequested, failed: rulesFailed }, dateLabel });



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
        <ReservationDetails form={form} kind={kind} data={data} />
      </Form>
    </section>
  );
}

/** Who and what: party size for a table, or service and team member for an appointment; then the guest. */
function ReservationDetails({ form, kind, data }: { form: FormFields<ReservationValues>; kind: ReturnType<typeof reservationKind>; data: FormsData }) {
  const serviceOptions: SelectGroup[] = data.serviceGroups.map((group) => ({ label: group.name, options: group.items.map((item) => ({ value: item.itemId, label: item.name })) }));
  return (
    <>
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
    <TextField form={form} name="phone" label={LABELS.phone} type="tel" autoComplete="tel" inputMode="tel" optional hint="In case the business needs to reach you, with its area code." />
    <TextField form={form} name="notes" label={LABELS.notes} multiline rows={3} optional hint={kind === "table" ? "Allergies, a high chair, an occasion…" : "Anything the stylist should know."} />
    </>
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
        <dd>{timeRules.get()?.reservationTimeLabel(reply.reservation.start, zone, locale, location) ?? reply.reservation.start}</dd>
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
