import React, { useEffect, useId, useState } from "react";
import type { CalendarEntry, CalendarReply } from "@mainstreet/rules/api/manage-appointments-api";
import type { ScreenProps } from "../types";
import { LoadState, ScreenHeading, SelectField, useNow, ViewLinks } from "../components/ui";
import { dateAfter, deviceTimeZone, formatDay, formatTime, zonedDate } from "../format";
import { useLive } from "../live/live";
import { locationZone, useLocations, useSession } from "../session";
import type { FirstRead } from "../types";
import { read } from "../reads";
import { useLoad, type Loaded } from "../use-load";
import { BlockDialog } from "../calendar/block-dialog";
import { applyEntry, customerName, datesOf, ownFirst, rangeOf, viewOf } from "../calendar/calendar-model";
import { DayColumns } from "../calendar/day-columns";
import { EntryDialog } from "../calendar/entry-dialog";
import { WalkInDialog, type WalkInTarget } from "../calendar/walk-in-dialog";
import "../calendar/calendar.css";

const calendarRead = (locationId: string, range: { from: string; days: number }) =>
  read<CalendarReply>(`manage/appointments/?${new URLSearchParams({ location_id: locationId, from: range.from, days: String(range.days) }).toString()}`);
/** The first location's day, today on its clock, as the screen opens. */
export const calendarFirstRead: FirstRead = ({ user, now }) => {
  const locationId = user.locations[0]?.id ?? "";
  return calendarRead(locationId, rangeOf(viewOf(null), zonedDate(now, locationZone(user.locations, locationId))));
};

const dayLabel = (date: string, today: string) => `${date === today ? "Today, " : ""}${formatDay(`${date}T12:00:00Z`, "UTC")}`;

/** Keeps the read current from the event stream, and says aloud when a booking arrives from elsewhere. */
function useLiveEntries(calendar: Loaded<CalendarReply>) {
  const { onAppointment } = useLive();
  const { announce } = useSession();
  const { update, reload, data } = calendar;
  const zone = data?.time_zone;
  useEffect(
    () =>
      onAppointment((entry) => {
        if (!entry) {
          void reload();
          return;
        }
        update((current) => {
          const fresh = entry.kind === "appointment" && entry.status === "booked" && !current.entries.some((known) => known.id === entry.id);
          const next = applyEntry(current, entry);
          if (fresh && next.entries.some((known) => known.id === entry.id) && zone) {
            const name = next.staff.find((member) => member.id === entry.staff_id)?.name ?? "";
            announce(`New booking: ${customerName(entry)}, ${entry.service_name ?? ""} with ${name} at ${formatTime(entry.start, zone)}.`);
          }
          return next;
        });
      }),
    [onAppointment, update, reload, announce, zone],
  );
}

export function CalendarScreen({ view: route }: ScreenProps) {
  const view = viewOf(route);
  const { user } = useSession();
  const { locations, zoneOf } = useLocations();
  const now = useNow();
  const [locationId, setLocationId] = useState(locations[0]?.id ?? "");
  const zone = zoneOf(locationId || null);
  const today = zonedDate(now, zone);
  const [anchor, setAnchor] = useState(today);
  const [selected, setSelected] = useState("");
  const [walkIn, setWalkIn] = useState<WalkInTarget | null>(null);
  const [block, setBlock] = useState<WalkInTarget | null>(null);
  const [opened, setOpened] = useState<CalendarEntry | null>(null);
  const locationField = useId();
  const personField = useId();

  const range = rangeOf(view, anchor);
  const calendar = useLoad(calendarRead(locationId, range));
  useLiveEntries(calendar);
  const data = calendar.data;
  const apply = (entry: CalendarEntry) => calendar.update((current) => applyEntry(current, entry));

  const staff = ownFirst(data?.staff ?? [], user.team_member_id);
  const person = staff.some((member) => member.id === selected) ? selected : (staff[0]?.id ?? "");
  const step = view === "week" ? 7 : 1;
  const unit = view === "week" ? "week" : "day";
  const current = opened && data ? (data.entries.find((entry) => entry.id === opened.id) ?? opened) : opened;

  return (
    <section aria-labelledby="calendar-title" className="cal">
      <div className="screen__header">
        <ScreenHeading id="calendar-title">Calendar</ScreenHeading>
        <ViewLinks
          label="Calendar"
          links={[
            { label: "Day", route: { screen: "calendar", view: null }, current: view === "day" },
            { label: "Week", route: { screen: "calendar", view: "week" }, current: view === "week" },
          ]}
        />
        {locations.length > 1 ? <SelectField id={locationField} label="Location" value={locationId} options={locations} onChange={setLocationId} inline /> : null}
      </div>
      <div className="cal-toolbar">
        <button type="button" className="button" onClick={() => setAnchor(dateAfter(anchor, -step))}>
          Previous {unit}
        </button>
        <button type="button" className="button" onClick={() => setAnchor(today)} aria-disabled={anchor === today}>
          Today
        </button>
        <button type="button" className="button" onClick={() => setAnchor(dateAfter(anchor, step))}>
          Next {unit}
        </button>
        {staff.length > 1 ? (
          <div className="cal-person">
            <SelectField id={personField} label="Person" value={person} options={staff} onChange={setSelected} inline />
          </div>
        ) : null}
      </div>
      {zone !== deviceTimeZone() ? <p className="muted cal-zone">Times are on the location&apos;s clock: {zone}.</p> : null}
      <LoadState loading={calendar.loading && !data} error={calendar.error} onRetry={() => void calendar.reload()} what="the calendar" />
      {data && staff.length === 0 ? <p className="empty">Nobody works at this location: name its people in the business data (team[].locations).</p> : null}
      {data && staff.length > 0
        ? datesOf(data.from, data.days).map((date) => (
            <DayColumns key={date} date={date} label={dayLabel(date, today)} calendar={data} staffOrder={staff} selected={person} onOpen={setOpened} onWalkIn={setWalkIn} onBlock={setBlock} />
          ))
        : null}
      {data ? (
        <>
          <WalkInDialog target={walkIn} calendar={data} onClose={() => setWalkIn(null)} onAdded={apply} />
          <BlockDialog target={block} calendar={data} onClose={() => setBlock(null)} onAdded={apply} />
          <EntryDialog entry={current} calendar={data} now={now} onClose={() => setOpened(null)} onChanged={apply} />
        </>
      ) : null}
    </section>
  );
}
