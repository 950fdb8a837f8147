import React, { useEffect, useRef, useState } from "react";
import { zonedDate } from "../format";
import { fieldId, updateAt, withOptional } from "./paths";
import type { SiteSectionProps } from "./section-props";
import { CheckField, TextField } from "./site-fields";
import { dateText, hhmmOf, nextFreeDate, timeValue, type SpecialHoursEntry } from "./hours-values";

/**
 * A location's special hours: dated entries that replace the weekly hours of their date, a holiday closure
 * (closed all day) or changed hours, each with an optional label shown with them.
 */
export function SpecialHours({ document, change, readOnly, errors, index }: SiteSectionProps & { index: number }) {
  const location = document.locations[index];
  const entries: SpecialHoursEntry[] = location.specialHours ?? [];
  const [added, setAdded] = useState<number | null>(null);
  const list = useRef<HTMLElement>(null);
  useEffect(() => {
    if (added === null) return;
    window.document.getElementById(fieldId(`locations[${index}].specialHours[${added}].date`))?.focus();
    setAdded(null);
  }, [added, index]);

  const setEntries = (edit: (entries: SpecialHoursEntry[]) => SpecialHoursEntry[]) =>
    change((current) => updateAt(current, ["locations", index, "specialHours"], (value) => edit((value as SpecialHoursEntry[] | undefined) ?? [])));
  const setEntry = (at: number, edit: (entry: SpecialHoursEntry) => SpecialHoursEntry) => setEntries((current) => current.map((entry, position) => (position === at ? edit(entry) : entry)));
  const add = () => {
    const date = nextFreeDate(entries, zonedDate(Date.now(), location.timezone));
    setEntries((current) => [...current, { date, closed: true }]);
    setAdded(entries.length);
  };
  const remove = (at: number) => {
    setEntries((current) => current.filter((_, position) => position !== at));
    list.current?.focus();
  };
  const setClosed = (at: number, closed: boolean) =>
    setEntry(at, (entry) => {
      const { open: _open, close: _close, ...rest } = entry;
      return closed ? { ...rest, closed: true } : { ...rest, closed: false, open: 1000, close: 1600 };
    });

  return (
    <section className="special-hours" ref={list} tabIndex={-1} aria-labelledby={`site-special-${index}`}>
      <h3 className="site-group__title" id={`site-special-${index}`}>
        Special hours
      </h3>
      <p className="hint">A holiday closure or changed hours on one date replace that date&apos;s weekly hours.</p>
      {entries.length === 0 ? <p className="muted">No special hours.</p> : null}
      {entries.map((entry, at) => {
        const path = (key: string) => `locations[${index}].specialHours[${at}].${key}`;
        const when = dateText(entry.date);
        return (
          <fieldset className="special-entry" key={at}>
            <legend>{when}</legend>
            <TextField path={path("date")} label="Date" type="date" value={entry.date} readOnly={readOnly} errors={errors} onChange={(value) => value && setEntry(at, (current) => ({ ...current, date: value }))} />
            <CheckField path={path("closed")} label="Closed all day" checked={entry.closed === true} readOnly={readOnly} errors={errors} onChange={(closed) => setClosed(at, closed)} />
            {entry.closed === true ? null : (
              <div className="hours-range">
                {(["open", "close"] as const).map((key) => (
                  <TextField
                    key={key}
                    path={path(key)}
                    label={key === "open" ? "Opens" : "Closes"}
                    type="time"
                    value={timeValue(entry[key])}
                    readOnly={readOnly}
                    errors={errors}
                    onChange={(value) => {
                      const hhmm = hhmmOf(value, key === "close");
                      if (hhmm !== null) setEntry(at, (current) => ({ ...current, [key]: hhmm }));
                    }}
                  />
                ))}
              </div>
            )}
            <TextField path={path("label")} label="Label (optional)" hint='Shown with the hours, like "Christmas Day".' value={entry.label ?? ""} readOnly={readOnly} errors={errors} onChange={(value) => setEntry(at, (current) => withOptional(current, "label", value))} />
            {readOnly ? null : (
              <button type="button" className="button button--quiet button--small" onClick={() => remove(at)}>
                Remove<span className="visually-hidden"> the special hours of {when}</span>
              </button>
            )}
          </fieldset>
        );
      })}
      {readOnly ? null : (
        <button type="button" className="button" onClick={add}>
          Add special hours
        </button>
      )}
    </section>
  );
}
