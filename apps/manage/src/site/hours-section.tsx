import React from "react";
import { placeName, updateAt } from "./paths";
import type { SiteSectionProps } from "./section-props";
import { FieldMessage, fieldAttributes } from "./site-fields";
import { SpecialHours } from "./special-hours";
import { WEEKDAYS, hhmmOf, isRange, nextRange, timeValue, withDayEntries, type DocumentLocation, type HoursEntry } from "./hours-values";
import { ClosedTodayControl } from "./closed-today-control";
import { useSiteDraftControls } from "./site-draft-context";

interface LocationProps extends SiteSectionProps {
  index: number;
}

/** One weekday's ranges, as their inputs: `Tuesday opens` / `Tuesday closes`, then `Tuesday, range 2, opens`. */
function DayRow({ day, index, document, change, readOnly, errors }: LocationProps & { day: number }) {
  const location = document.locations[index];
  const hours: HoursEntry[] = location.hours ?? [];
  const weekday = WEEKDAYS[day - 1];
  const ranges = hours.map((entry, at) => ({ entry, at })).filter(({ entry }) => entry.day === day && isRange(entry));
  const closed = ranges.length === 0;
  const setHours = (edit: (hours: HoursEntry[]) => HoursEntry[]) =>
    change((current) => updateAt(current, ["locations", index, "hours"], (value) => edit((value as HoursEntry[] | undefined) ?? [])));
  const setClosed = (nowClosed: boolean) =>
    setHours((list) => withDayEntries(list, day, nowClosed ? [{ day, open: null, close: null }] : [{ day, open: 1000, close: 1800 }]));
  const setTime = (at: number, key: "open" | "close", value: string) => {
    const hhmm = hhmmOf(value, key === "close");
    if (hhmm === null) return;
    setHours((list) => list.map((entry, position) => (position === at ? { ...entry, [key]: hhmm } : entry)));
  };
  return (
    <div className="hours-day">
      <p className="hours-day__name">{weekday}</p>
      <div className="hours-day__times">
        <label className="choice" htmlFor={`site-closed-${index}-${day}`}>
          <input id={`site-closed-${index}-${day}`} type="checkbox" checked={closed} disabled={readOnly} onChange={(event) => setClosed(event.target.checked)} />
          Closed<span className="visually-hidden"> on {weekday}</span>
        </label>
        {ranges.map(({ entry, at }, rangeIndex) => {
          const prefix = rangeIndex === 0 ? weekday : `${weekday}, range ${rangeIndex + 1},`;
          return (
            <div className="hours-range" key={at}>
              {(["open", "close"] as const).map((key) => {
                const path = `locations[${index}].hours[${at}].${key}`;
                const attributes = fieldAttributes(path, errors);
                return (
                  <div className="field" key={key}>
                    <label htmlFor={attributes.id}>
                      <span className="visually-hidden">{prefix} </span>
                      {key === "open" ? "opens" : "closes"}
                    </label>
                    <input {...attributes} type="time" readOnly={readOnly} value={timeValue(entry[key])} onChange={(event) => setTime(at, key, event.target.value)} />
                    <FieldMessage path={path} errors={errors} />
                  </div>
                );
              })}
              {rangeIndex > 0 && !readOnly ? (
                <button type="button" className="button button--quiet button--small" onClick={() => setHours((list) => list.filter((_, position) => position !== at))}>
                  Remove<span className="visually-hidden"> {weekday}&apos;s range {rangeIndex + 1}</span>
                </button>
              ) : null}
            </div>
          );
        })}
        {!closed && !readOnly ? (
          <button
            type="button"
            className="button button--quiet button--small"
            onClick={() => setHours((list) => withDayEntries(list, day, [...list.filter((entry) => entry.day === day && isRange(entry)), nextRange(list.filter((entry) => entry.day === day), day)]))}
          >
            Add hours<span className="visually-hidden"> on {weekday}</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}

function LocationHours(props: LocationProps) {
  const { document, index } = props;
  const location: DocumentLocation = document.locations[index];
  const name = placeName(location, index);
  return (
    <fieldset className="site-group">
      <legend>{name}</legend>
      <h3 className="site-group__title">Weekly hours</h3>
      <p className="hint">
        On the clock of {location.timezone}. A closing time before the opening time runs past midnight; 00:00 as a closing time is midnight.
      </p>
      <div className="hours-week">
        {WEEKDAYS.map((_, day) => (
          <DayRow key={day} {...props} day={day + 1} />
        ))}
      </div>
      <SpecialHours {...props} />
    </fieldset>
  );
}

/** Hours: per location, the weekly hours (closed days, split hours) and the special hours of single dates. */
export function HoursSection(props: SiteSectionProps) {
  const { flush, reload } = useSiteDraftControls();
  return (
    <>
      <ClosedTodayControl document={props.document} readOnly={props.readOnly} beforeSave={flush} onSaved={() => void reload()} />
      {props.document.locations.map((location, index) => (
        <LocationHours key={String(location._id ?? location.id ?? index)} {...props} index={index} />
      ))}
    </>
  );
}
