import React, { useEffect, useId, useState } from "react";
import type { BlockBody, CalendarEntry, CalendarReply } from "@mainstreet/rules/api/manage-appointments-api";
import { SelectField } from "../components/ui";
import { formatTime } from "../format";
import { useSession } from "../session";
import { instantOf } from "./calendar-model";
import { Field, useSubmit } from "./fields";
import { FormDialog } from "./form-dialog";
import type { WalkInTarget } from "./walk-in-dialog";

/** Blocks a stretch of a person's day (a meeting, a long lunch): nobody can book it until it is removed. */
export function BlockDialog({ target, calendar, onClose, onAdded }: { target: WalkInTarget | null; calendar: CalendarReply; onClose: () => void; onAdded: (entry: CalendarEntry) => void }) {
  const { api, announce } = useSession();
  const id = useId();
  const [staffId, setStaffId] = useState("");
  const [date, setDate] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [reason, setReason] = useState("");
  const submit = useSubmit();

  useEffect(() => {
    if (!target) return;
    setStaffId(target.staffId);
    setDate(target.date);
    setFrom("");
    setTo("");
    setReason("");
    submit.setError(null);
    // Only a new target resets the form.
  }, [target]);

  const personName = calendar.staff.find((member) => member.id === staffId)?.name ?? "";
  const block = () =>
    submit.run(async () => {
      const start = instantOf(date, from, calendar.time_zone);
      const end = instantOf(date, to, calendar.time_zone);
      if (!start || !end) throw new Error("Enter the date and both times, like 12:00 and 13:00.");
      if (Date.parse(end) <= Date.parse(start)) throw new Error("The end must be later than the start.");
      const body: BlockBody = { location_id: calendar.location_id, staff_id: staffId, start, end, reason: reason.trim() };
      const entry = await api.send<CalendarEntry>("POST", "manage/appointment-blocks/", body, { idempotent: true });
      onAdded(entry);
      announce(`${personName} is blocked from ${formatTime(entry.start, calendar.time_zone)} to ${formatTime(entry.end, calendar.time_zone)}.`);
      onClose();
    });

  return (
    <FormDialog open={target !== null} title="Block time" submitLabel="Block time" busyLabel="Blocking…" busy={submit.busy} error={submit.error} onSubmit={() => void block()} onClose={onClose}>
      <p className="muted">Nobody can book the person then, on the site or here, until the block is removed.</p>
      <SelectField id={`${id}-staff`} label="Person" value={staffId} options={calendar.staff} onChange={setStaffId} />
      <Field id={`${id}-date`} label="Date" type="date" value={date} onChange={setDate} />
      <Field id={`${id}-from`} label="From" type="time" value={from} onChange={setFrom} />
      <Field id={`${id}-to`} label="To" type="time" value={to} onChange={setTo} />
      <Field id={`${id}-reason`} label="Reason (optional)" value={reason} onChange={setReason} autoComplete="off" />
    </FormDialog>
  );
}
