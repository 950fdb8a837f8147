import React, { useState } from "react";
import type { AppointmentView } from "@mainstreet/rules/api/appointments-api";
import { DayStep, TimeStep } from "./time-steps";
import { useAvailability } from "./use-availability";

export interface MoveStepsProps {
  view: AppointmentView;
  /** The location's booking window, in days. */
  daysAhead: number;
  /** The new start the visitor chose. */
  onMove(start: string): void;
  /** Back to the appointment as it is. */
  onKeep(): void;
}

/**
 * Moving a booking: the free days and times of the same service and person, then the chosen start. Its own chunk,
 * fetched at idle once the manage page shows a booking that can still change (appointment-manage-body.tsx): most
 * visitors of the page only read it or cancel.
 */
export default function MoveSteps({ view, daysAhead, onMove, onKeep }: MoveStepsProps) {
  const [date, setDate] = useState<string | null>(null);
  const availability = useAvailability({ businessId: view.business_id, locationId: view.location_id, variationId: view.variation_id, staffId: view.staff.id, daysAhead, round: 0 });
  return (
    <div className="booking-manage__move">
      {date ? <TimeStep focus availability={availability} date={date} timeZone={view.time_zone} onChoose={onMove} /> : <DayStep focus availability={availability} onChoose={setDate} />}
      <button type="button" className="text-button" onClick={() => (date ? setDate(null) : onKeep())}>
        {date ? "Change the day" : "Keep the current time"}
      </button>
    </div>
  );
}
