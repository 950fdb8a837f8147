import React from "react";
import type { CalendarEntry, CalendarReply } from "@mainstreet/rules/api/manage-appointments-api";
import { formatTime } from "../format";
import { customerName, entriesOf } from "./calendar-model";
import type { WalkInTarget } from "./walk-in-dialog";

const STATUS_NOTE: Record<CalendarEntry["status"], string> = { booked: "", cancelled: "Cancelled", no_show: "No-show" };

function EntryButton({ entry, zone, onOpen }: { entry: CalendarEntry; zone: string; onOpen: (entry: CalendarEntry) => void }) {
  // The screen names the zone once above the columns.
  const time = `${formatTime(entry.start, zone, { named: false })} – ${formatTime(entry.end, zone, { named: false })}`;
  const what = entry.kind === "block" ? `Blocked${entry.notes ? `: ${entry.notes}` : ""}` : `${customerName(entry)} · ${entry.service_name ?? ""}`;
  return (
    <li>
      <button type="button" className={`cal-entry cal-entry--${entry.kind} cal-entry--${entry.status}`} onClick={() => onOpen(entry)}>
        <span className="cal-entry__time">{time}</span>{" "}
        <span className="cal-entry__what">{what}</span>{" "}
        {STATUS_NOTE[entry.status] && entry.kind === "appointment" ? <span className={`badge badge--${entry.status}`}>{STATUS_NOTE[entry.status]}</span> : null}{" "}
        {entry.source === "walk_in" && entry.status === "booked" ? <span className="cal-entry__source">Walk-in</span> : null}
      </button>
    </li>
  );
}

/**
 * One date of the calendar, one column per person (a list of buttons, earliest first). On a narrow screen
 * only the selected person's column shows (calendar.css); the others stay for wider screens.
 */
export function DayColumns({
  date,
  label,
  calendar,
  staffOrder,
  selected,
  onOpen,
  onWalkIn,
  onBlock,
}: {
  date: string;
  label: string;
  calendar: CalendarReply;
  staffOrder: CalendarReply["staff"];
  selected: string;
  onOpen: (entry: CalendarEntry) => void;
  onWalkIn: (target: WalkInTarget) => void;
  onBlock: (target: WalkInTarget) => void;
}) {
  return (
    <section className="cal-day" aria-label={label}>
      <h2 className="cal-day__title">{label}</h2>
      <div className="cal-columns" style={{ ["--cal-people" as string]: String(Math.max(staffOrder.length, 1)) }}>
        {staffOrder.map((member) => {
          const entries = entriesOf(calendar.entries, member.id, date, calendar.time_zone);
          return (
            <section key={member.id} className="cal-column" data-selected={member.id === selected} aria-label={`${member.name}, ${label}`}>
              <h3 className="cal-column__name">{member.name}</h3>
              {entries.length === 0 ? <p className="muted cal-column__empty">Nothing booked.</p> : null}
              <ul className="cal-column__entries">
                {entries.map((entry) => (
                  <EntryButton key={entry.id} entry={entry} zone={calendar.time_zone} onOpen={onOpen} />
                ))}
              </ul>
              <div className="cal-column__actions">
                <button type="button" className="button button--small" onClick={() => onWalkIn({ staffId: member.id, date })}>
                  Add walk-in<span className="visually-hidden"> for {member.name}, {label}</span>
                </button>
                <button type="button" className="button button--small" onClick={() => onBlock({ staffId: member.id, date })}>
                  Block time<span className="visually-hidden"> for {member.name}, {label}</span>
                </button>
              </div>
            </section>
          );
        })}
      </div>
    </section>
  );
}
