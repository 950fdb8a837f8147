import React, { useEffect, useId, useMemo, useRef, useState } from "react";
import { datedHours, hasAnyHours, specialHoursRows, type HoursDisplayOption, type HoursInput, type SpecialHoursInput, type SpecialHoursRow } from "@mainstreet/rules/hours/hours-format";
import { useLiveHoursIn } from "../hooks/use-live-hours";
import { HoursTable } from "./hours-table";
import { Icon } from "./icons";
import { Modal, preloadModal } from "./modal";
import { useSiteFormats } from "../hooks/site-formats";
import { disclosureToggleProps, popoverAttributes, useNativePopover } from "../hydration/native-popover";

interface HoursDisplayProps {
  hours: HoursInput[];
  timeZone: string;
  /** SPEC §2: daily, grouped, dailyWithPopup, modal. */
  display: HoursDisplayOption;
  caption?: string;
  /** Title of the popup and the modal. */
  title?: string;
  /** Dated overrides (holiday closures, changed hours): listed when they are near, and today's row when today has one. */
  specialHours?: readonly SpecialHoursInput[] | null;
  /** The location's id: today's line is told from its live hours when they changed since the build (facts read live). */
  locationId?: string;
}

/**
 * Today's hours in the location's zone (its weekday's, or its special hours): only the visitor's browser knows
 * the date, so the line holds its place unseen and the browser fills it (hooks/live-hours.ts) from the lines
 * worked out here for every date.
 */
function TodayLine({ hours, timeZone, specialHours, locationId }: Pick<HoursDisplayProps, "hours" | "timeZone" | "specialHours" | "locationId">) {
  const { locale } = useSiteFormats();
  const dated = useMemo(() => JSON.stringify(datedHours(hours, specialHours, locale)), [hours, specialHours, locale]);
  const line = useRef<HTMLParagraphElement>(null);
  useLiveHoursIn(line, dated, timeZone);
  return (
    <p ref={line} className="hours-today" data-today-line="" data-zone={timeZone} data-dated={dated} data-location={locationId}>
      <Icon name="clock" size={18} />
      <span data-today-text="" dangerouslySetInnerHTML={{ __html: "&nbsp;" }} />
    </p>
  );
}

/**
 * "Special hours" under the week: each coming date that differs, e.g. `Fri 25 Dec: closed (Christmas Day)`.
 * Every special date from the first given on is in the HTML, hidden; the browser shows those of the coming
 * weeks in the location's zone (hooks/live-hours.ts), and the group once one is shown.
 */
function SpecialHoursNote({ specialHours, timeZone }: { specialHours?: readonly SpecialHoursInput[] | null; timeZone: string }) {
  const titleId = useId();
  const { locale } = useSiteFormats();
  const rows = useMemo(() => allSpecialRows(specialHours, locale), [specialHours, locale]);
  const group = useRef<HTMLDivElement>(null);
  useLiveHoursIn(group, rows, timeZone);
  if (rows.length === 0) return null;
  return (
    <div ref={group} className="hours-special" role="group" aria-labelledby={titleId} data-special-hours="" data-zone={timeZone} hidden>
      <p id={titleId} className="hours-special__title">
        Special hours
      </p>
      <ul className="hours-special__list">
        {rows.map((row) => (
          <li key={row.date} data-date={row.date} hidden>
            <strong>{row.dateLabel}</strong>: {row.closed ? "closed" : row.text}
            {row.label ? <span className="hours__note"> ({row.label})</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function allSpecialRows(specialHours: readonly SpecialHoursInput[] | null | undefined, locale: string): SpecialHoursRow[] {
  const dates = (specialHours ?? []).map((entry) => entry.date).sort();
  return dates.length === 0 ? [] : specialHoursRows(specialHours, dates[0], Number.POSITIVE_INFINITY, locale);
}

/**
 * dailyWithPopup: today's hours with a disclosure popup holding the whole week. The week is also served as a
 * popover under the button, which the browser opens with no code (before the block's code has come, or without
 * JavaScript); opened so, it stays and the state agrees (native-popover.ts), and the in-flow panel takes over from
 * the next opening.
 */
function DailyWithPopup({ hours, timeZone, specialHours, caption, title, locationId }: Omit<HoursDisplayProps, "display">) {
  const [open, setOpen] = useState(false);
  const popupId = useId();
  const servedId = `${popupId}served`;
  const servedRef = useRef<HTMLDivElement>(null);
  const served = useNativePopover(
    servedRef,
    open,
    () => setOpen(true),
    () => setOpen(false),
  );
  const servedOpen = served.served;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);
  return (
    <div
      ref={rootRef}
      className="hours-popup"
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <TodayLine hours={hours} timeZone={timeZone} specialHours={specialHours} locationId={locationId} />
      <button
        ref={buttonRef}
        type="button"
        className="text-button"
        {...disclosureToggleProps(served, { served: servedId, panel: popupId }, open, () => setOpen((value) => !value))}
      >
        {open ? "Hide weekly hours" : "See weekly hours"}
        <Icon name={open ? "close" : "chevronDown"} size={18} />
      </button>
      <div ref={servedRef} id={servedId} className="hours-popup__panel hours-popup__panel--served" role="group" aria-label={title} {...popoverAttributes("under-toggle")}>
        <HoursTable hours={hours} display="daily" caption={caption} />
        <SpecialHoursNote specialHours={specialHours} timeZone={timeZone} />
      </div>
      {open && !servedOpen ? (
        <div id={popupId} className="hours-popup__panel" role="group" aria-label={title}>
          <HoursTable hours={hours} display="daily" caption={caption} />
          <SpecialHoursNote specialHours={specialHours} timeZone={timeZone} />
        </div>
      ) : null}
    </div>
  );
}

/** modal: a button that opens the week's hours in a modal dialog. */
function HoursModal({ hours, timeZone, specialHours, caption, title = "Opening hours", locationId }: Omit<HoursDisplayProps, "display">) {
  const [open, setOpen] = useState(false);
  return (
    <div className="hours-modal">
      <TodayLine hours={hours} timeZone={timeZone} specialHours={specialHours} locationId={locationId} />
      <button type="button" className="text-button" aria-haspopup="dialog" onPointerEnter={preloadModal} onFocus={preloadModal} onClick={() => setOpen(true)}>
        See opening hours
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={title}>
        <HoursTable hours={hours} display="daily" caption={caption} />
        <SpecialHoursNote specialHours={specialHours} timeZone={timeZone} />
      </Modal>
    </div>
  );
}

/**
 * Opening hours in one of the SPEC §2 display options, with the special hours of the coming weeks under
 * them. Renders nothing when no day has times (SPEC §5). Today's line and the special hours depend on the
 * visitor's date, so the browser fills them in (hooks/live-hours.ts); the rest is the same for every visitor.
 */
function HoursDisplay({ display, ...props }: HoursDisplayProps) {
  if (!hasAnyHours(props.hours)) return null;
  return (
    <>
      {display === "daily" || display === "grouped" ? (
        <>
          <HoursTable hours={props.hours} display={display} caption={props.caption} />
          <SpecialHoursNote specialHours={props.specialHours} timeZone={props.timeZone} />
        </>
      ) : display === "dailyWithPopup" ? (
        <DailyWithPopup {...props} />
      ) : display === "modal" ? (
        <HoursModal {...props} />
      ) : (
        unknownDisplay(display)
      )}
    </>
  );
}

function unknownDisplay(display: never): never {
  throw new RangeError(`HoursDisplay: display: expected one of daily, grouped, dailyWithPopup, modal, got ${JSON.stringify(display)}`);
}

export default HoursDisplay;
