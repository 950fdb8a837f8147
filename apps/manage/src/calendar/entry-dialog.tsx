import React, { useEffect, useId, useState } from "react";
import type { CalendarEntry, CalendarReply, ManageCancelBody, ManageMoveBody } from "@mainstreet/rules/api/manage-appointments-api";
import { SelectField } from "../components/ui";
import { formatDay, formatTime, wallTimeValue, zonedDate } from "../format";
import { useSession } from "../session";
import { customerName, instantOf } from "./calendar-model";
import { Field, useSubmit } from "./fields";
import { FormDialog } from "./form-dialog";

type Mode = "details" | "move" | "cancel";

const STATUS_TEXT: Record<CalendarEntry["status"], string> = { booked: "Booked", cancelled: "Cancelled", no_show: "No-show" };

function Details({ entry, zone, staffName }: { entry: CalendarEntry; zone: string; staffName: string }) {
  const customer = entry.customer;
  return (
    <dl className="cal-details">
      <dt>When</dt>
      <dd>
        {formatDay(entry.start, zone)}, {formatTime(entry.start, zone, { named: false })} – {formatTime(entry.end, zone)}
      </dd>
      <dt>With</dt>
      <dd>{staffName}</dd>
      {entry.kind === "appointment" ? (
        <>
          <dt>Status</dt>
          <dd>
            {STATUS_TEXT[entry.status]}
            {entry.source === "walk_in" ? " · walk-in" : " · made online"}
            {entry.reference ? ` · ${entry.reference}` : ""}
          </dd>
        </>
      ) : null}
      {customer?.phone ? (
        <>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${customer.phone.replace(/[^\d+]/g, "")}`}>{customer.phone}</a>
          </dd>
        </>
      ) : null}
      {customer?.email ? (
        <>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${customer.email}`}>{customer.email}</a>
          </dd>
        </>
      ) : null}
      {entry.notes ? (
        <>
          <dt>{entry.kind === "block" ? "Reason" : "Notes"}</dt>
          <dd>{entry.notes}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** A booking or a block, opened from its column: what it is, and what can be done with it. */
export function EntryDialog({ entry, calendar, now, onClose, onChanged }: { entry: CalendarEntry | null; calendar: CalendarReply; now: number; onClose: () => void; onChanged: (entry: CalendarEntry) => void }) {
  const { api, announce } = useSession();
  const id = useId();
  const zone = calendar.time_zone;
  const [mode, setMode] = useState<Mode>("details");
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  const [staffId, setStaffId] = useState("");
  const [reason, setReason] = useState("");
  const submit = useSubmit();

  useEffect(() => {
    if (!entry) return;
    setMode("details");
    setDate(zonedDate(entry.start, zone));
    setTime(wallTimeValue(entry.start, zone));
    setStaffId(entry.staff_id);
    setReason("");
    submit.setError(null);
    // Only another entry resets the dialog, not a live update of the same one.
  }, [entry?.id]);

  if (!entry) return <FormDialog open={false} title="" busyLabel="" busy={false} error={null} onClose={onClose}>{null}</FormDialog>;

  const staffName = (staff: string) => calendar.staff.find((member) => member.id === staff)?.name ?? staff;
  const who = entry.kind === "block" ? `Blocked time of ${staffName(entry.staff_id)}` : `${customerName(entry)} · ${entry.service_name ?? ""}`;
  const path = `manage/appointments/${encodeURIComponent(entry.id)}`;
  const act = (work: () => Promise<CalendarEntry>, said: (changed: CalendarEntry) => string) =>
    submit.run(async () => {
      const changed = await work();
      onChanged(changed);
      announce(said(changed));
      onClose();
    });

  const move = () => {
    const start = instantOf(date, time, zone);
    if (!start) return submit.setError("Enter the new date and start time, like 14:30.");
    const body: ManageMoveBody = { start, ...(staffId !== entry.staff_id ? { staff_id: staffId } : {}) };
    void act(
      () => api.send<CalendarEntry>("POST", `${path}/move/`, body, { idempotent: true }),
      (moved) => `${customerName(entry)} moved to ${formatDay(moved.start, zone)} at ${formatTime(moved.start, zone)} with ${staffName(moved.staff_id)}; the customer is emailed.`,
    );
  };
  const cancel = () => {
    const body: ManageCancelBody = { reason: reason.trim() };
    void act(() => api.send<CalendarEntry>("POST", `${path}/cancel/`, body, { idempotent: true }), () => `The booking of ${customerName(entry)} is cancelled; the customer is emailed.`);
  };
  const noShow = () => void act(() => api.send<CalendarEntry>("POST", `${path}/no-show/`, undefined, { idempotent: true }), () => `${customerName(entry)} marked as a no-show.`);
  const unblock = () => void act(() => api.send<CalendarEntry>("DELETE", `manage/appointment-blocks/${encodeURIComponent(entry.id)}/`), () => `The block of ${staffName(entry.staff_id)} is removed: the time can be booked again.`);

  const booked = entry.kind === "appointment" && entry.status === "booked";
  const common = { open: true, busy: submit.busy, error: submit.error, onClose };
  if (mode === "move") {
    return (
      <FormDialog {...common} title={`Move ${customerName(entry)}`} submitLabel="Move booking" busyLabel="Moving…" closeLabel="Back" onSubmit={move} onClose={() => setMode("details")}>
        <p className="muted">Pick a time the person is free; the customer is emailed the new time.</p>
        <SelectField id={`${id}-staff`} label="Person" value={staffId} options={calendar.staff} onChange={setStaffId} />
        <Field id={`${id}-date`} label="Date" type="date" value={date} onChange={setDate} />
        <Field id={`${id}-time`} label="Start time" type="time" value={time} onChange={setTime} />
      </FormDialog>
    );
  }
  if (mode === "cancel") {
    return (
      <FormDialog {...common} title={`Cancel the booking of ${customerName(entry)}?`} submitLabel="Cancel booking" busyLabel="Cancelling…" closeLabel="Keep booking" onSubmit={cancel} onClose={() => setMode("details")}>
        <p>
          {formatDay(entry.start, zone)} at {formatTime(entry.start, zone)}. The customer is emailed, and the time is free to book again.
        </p>
        <Field id={`${id}-reason`} label="Reason for the customer (optional)" value={reason} onChange={setReason} autoComplete="off" />
      </FormDialog>
    );
  }
  const actions = booked ? (
    <>
      <button type="button" className="button" onClick={() => setMode("move")}>
        Move
      </button>
      <button type="button" className="button" onClick={() => setMode("cancel")}>
        Cancel booking
      </button>
      {Date.parse(entry.start) <= now ? (
        <button type="button" className="button" onClick={noShow} aria-disabled={submit.busy}>
          Mark no-show
        </button>
      ) : null}
    </>
  ) : entry.kind === "block" ? (
    <button type="button" className="button button--danger" onClick={unblock} aria-disabled={submit.busy}>
      {submit.busy ? "Removing…" : "Remove block"}
    </button>
  ) : null;
  return (
    <FormDialog {...common} title={who} busyLabel="Saving…" actions={actions}>
      <Details entry={entry} zone={zone} staffName={staffName(entry.staff_id)} />
    </FormDialog>
  );
}
