import React, { useEffect, useId, useState } from "react";
import type { CalendarEntry, CalendarReply, WalkInBody } from "@mainstreet/rules/api/manage-appointments-api";
import { SelectField } from "../components/ui";
import { formatTime } from "../format";
import { useSession } from "../session";
import { instantOf } from "./calendar-model";
import { Field, useSubmit } from "./fields";
import { FormDialog } from "./form-dialog";

/** Where a walk-in starts: the column and the day it was asked from. */
export interface WalkInTarget {
  staffId: string;
  date: string;
}

/** Adds a walk-in (or a booking taken on the phone) to a person's column at a time the owner types. */
export function WalkInDialog({ target, calendar, onClose, onAdded }: { target: WalkInTarget | null; calendar: CalendarReply; onClose: () => void; onAdded: (entry: CalendarEntry) => void }) {
  const { api, announce } = useSession();
  const id = useId();
  const [staffId, setStaffId] = useState("");
  const [variationId, setVariationId] = useState("");
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  const [first, setFirst] = useState("");
  const [last, setLast] = useState("");
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  const [notes, setNotes] = useState("");
  const submit = useSubmit();

  useEffect(() => {
    if (!target) return;
    setStaffId(target.staffId);
    setDate(target.date);
    setTime("");
    setFirst("");
    setLast("");
    setEmail("");
    setPhone("");
    setNotes("");
    submit.setError(null);
    // Only a new target resets the form.
  }, [target]);

  const services = calendar.services.filter((service) => service.staff_ids.includes(staffId));
  useEffect(() => {
    if (!services.some((service) => service.variation_id === variationId)) setVariationId(services[0]?.variation_id ?? "");
  }, [services, variationId]);

  const personName = calendar.staff.find((member) => member.id === staffId)?.name ?? "";
  const add = () =>
    submit.run(async () => {
      const start = instantOf(date, time, calendar.time_zone);
      if (!variationId) throw new Error(`${personName} performs no service that can be booked here.`);
      if (!start) throw new Error("Enter the date and a start time, like 14:30.");
      if (!first.trim()) throw new Error("Enter the customer's first name.");
      const body: WalkInBody = {
        location_id: calendar.location_id,
        variation_id: variationId,
        staff_id: staffId,
        start,
        customer: { first_name: first.trim(), last_name: last.trim(), ...(email.trim() ? { email: email.trim() } : {}), ...(phone.trim() ? { phone: phone.trim() } : {}) },
        notes: notes.trim(),
      };
      const entry = await api.send<CalendarEntry>("POST", "manage/appointments/", body, { idempotent: true });
      onAdded(entry);
      announce(`${first.trim()} is booked with ${personName} at ${formatTime(entry.start, calendar.time_zone)}${email.trim() ? "; the confirmation is emailed" : ""}.`);
      onClose();
    });

  return (
    <FormDialog open={target !== null} title="Add a walk-in" submitLabel="Add walk-in" busyLabel="Adding…" busy={submit.busy} error={submit.error} onSubmit={() => void add()} onClose={onClose}>
      <SelectField id={`${id}-staff`} label="Person" value={staffId} options={calendar.staff} onChange={setStaffId} />
      {services.length > 0 ? (
        <SelectField id={`${id}-service`} label="Service" value={variationId} options={services.map((service) => ({ id: service.variation_id, name: `${service.name} (${service.duration_minutes} min)` }))} onChange={setVariationId} />
      ) : (
        <p className="muted">{personName} performs no service that can be booked here.</p>
      )}
      <Field id={`${id}-date`} label="Date" type="date" value={date} onChange={setDate} />
      <Field id={`${id}-time`} label="Start time" type="time" value={time} onChange={setTime} />
      <Field id={`${id}-first`} label="First name" value={first} onChange={setFirst} autoComplete="off" />
      <Field id={`${id}-last`} label="Last name (optional)" value={last} onChange={setLast} autoComplete="off" />
      <Field id={`${id}-email`} label="Email (optional)" type="email" value={email} onChange={setEmail} autoComplete="off" hint="With an address the customer gets the confirmation and a link to change it." />
      <Field id={`${id}-phone`} label="Phone (optional)" type="tel" value={phone} onChange={setPhone} autoComplete="off" />
      <Field id={`${id}-notes`} label="Notes (optional)" value={notes} onChange={setNotes} autoComplete="off" />
    </FormDialog>
  );
}
