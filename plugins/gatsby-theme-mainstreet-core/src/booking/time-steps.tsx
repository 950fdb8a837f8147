import React from "react";
import { ChoiceStep } from "./choice-step";
import { useStepFocus } from "./step-focus";
import { dayLabel, timeLabel, visitorZone, zoneNote } from "./booking-time";
import type { AvailabilityState } from "./use-availability";

function Waiting({ title, availability, focus }: { title: string; availability: AvailabilityState; focus: boolean }) {
  const heading = useStepFocus<HTMLHeadingElement>(title, focus);
  return (
    <section className="booking-step" aria-labelledby="booking-wait-title" aria-busy={availability.status !== "failed"}>
      <h2 id="booking-wait-title" ref={heading} tabIndex={-1} className="booking-step__title">
        {title}
      </h2>
      <p role="status">{availability.status === "failed" ? availability.message : "Finding free times…"}</p>
    </section>
  );
}

/** The day step: the days of the booking window that have a free start for the chosen service and person. */
export function DayStep({ availability, onChoose, selected = null, focus = false }: { availability: AvailabilityState; onChoose(date: string): void; selected?: string | null; focus?: boolean }) {
  if (availability.status !== "ready") return <Waiting title="Choose a day" availability={availability} focus={focus} />;
  const days = availability.reply.days.filter((day) => day.slots.length > 0);
  return (
    <ChoiceStep
      title="Choose a day"
      empty="No free times in the coming weeks. Choose another person or service, or call us."
      selected={selected}
      onChoose={onChoose}
      choices={days.map((day) => ({ value: day.date, label: dayLabel(day.date), detail: day.slots.length === 1 ? "1 time free" : `${day.slots.length} times free` }))}
      className="booking-step--days"
      focus={focus}
    />
  );
}

/** The time step: that day's free starts in the location's zone, named when the visitor's zone differs. */
export function TimeStep({ availability, date, timeZone, onChoose, selected = null, focus = false }: { availability: AvailabilityState; date: string; timeZone: string; onChoose(start: string): void; selected?: string | null; focus?: boolean }) {
  if (availability.status !== "ready") return <Waiting title="Choose a time" availability={availability} focus={focus} />;
  const zone = availability.reply.time_zone || timeZone;
  const slots = availability.reply.days.find((day) => day.date === date)?.slots ?? [];
  const note = zoneNote(zone, visitorZone());
  return (
    <ChoiceStep
      title={`Choose a time on ${dayLabel(date)}`}
      empty="No free times left that day. Change the day."
      selected={selected}
      onChoose={onChoose}
      note={note ? <p className="booking-step__zone">{note}</p> : null}
      choices={slots.map((slot) => ({ value: slot.start, label: timeLabel(slot.start, zone) }))}
      className="booking-step--times"
      focus={focus}
    />
  );
}
