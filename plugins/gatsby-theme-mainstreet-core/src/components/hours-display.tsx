import React, { useEffect, useId, useRef, useState } from "react";
import { SPECIAL_HOURS_NOTICE_DAYS } from "@mainstreet/rules/constants";
import { hasAnyHours, specialHoursRows, weekHoursView, type DayRow, type HoursDisplayOption, type HoursInput, type SpecialHoursInput, type SpecialHoursRow } from "@mainstreet/rules/hours-format";
import { wallClock } from "@mainstreet/rules/wall-clock";
import { useMounted } from "../hooks/use-mounted";
import { HoursTable } from "./hours-table";
import { Icon } from "./icons";
import { Modal, preloadModal } from "./modal";
import { useSiteFormats } from "./site-formats";

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
}

/**
 * Today (its weekday's row, or its special hours) and the special hours coming up, in the location's zone,
 * read in the browser after hydration (never at build: pages live for weeks). The zone's date comes from
 * Intl (wall-clock.ts), so no time library is loaded for it.
 */
function useDatedHours(hours: HoursInput[], timeZone: string, specialHours: readonly SpecialHoursInput[] | null | undefined): { today?: DayRow; special: SpecialHoursRow[] } {
  const mounted = useMounted();
  const { locale } = useSiteFormats();
  const [dated, setDated] = useState<{ today?: DayRow; special: SpecialHoursRow[] }>({ special: [] });
  useEffect(() => {
    if (!mounted) return;
    try {
      const { date, weekday } = wallClock(Date.now(), timeZone);
      setDated({ today: weekHoursView(hours, { weekday, date, specialHours, locale }).today, special: specialHoursRows(specialHours, date, SPECIAL_HOURS_NOTICE_DAYS, locale) });
    } catch {
      // A zone the browser does not know: the week's table still stands on its own.
    }
  }, [mounted, hours, timeZone, specialHours, locale]);
  return dated;
}

function TodayLine({ today }: { today?: DayRow }) {
  if (!today) return null;
  return (
    <p className="hours-today">
      <Icon name="clock" size={18} />
      <span>
        Today: <strong>{today.text}</strong>
        {today.secondaryLabel ? <span className="hours__note"> ({today.secondaryLabel})</span> : null}
      </span>
    </p>
  );
}

/** "Special hours" under the week: each coming date that differs, e.g. `Fri 25 Dec: closed (Christmas Day)`. */
export function SpecialHoursNote({ rows }: { rows: SpecialHoursRow[] }) {
  const titleId = useId();
  if (rows.length === 0) return null;
  return (
    <div className="hours-special" role="group" aria-labelledby={titleId}>
      <p id={titleId} className="hours-special__title">
        Special hours
      </p>
      <ul className="hours-special__list">
        {rows.map((row) => (
          <li key={row.date}>
            <strong>{row.dateLabel}</strong>: {row.closed ? "closed" : row.text}
            {row.label ? <span className="hours__note"> ({row.label})</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** dailyWithPopup: today's hours with a disclosure popup holding the whole week. */
function DailyWithPopup({ hours, caption, title, today, special }: Omit<HoursDisplayProps, "display" | "timeZone"> & { today?: DayRow; special: SpecialHoursRow[] }) {
  const [open, setOpen] = useState(false);
  const popupId = useId();
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
      <TodayLine today={today} />
      <button ref={buttonRef} type="button" className="text-button" aria-expanded={open} aria-controls={open ? popupId : undefined} onClick={() => setOpen((value) => !value)}>
        {open ? "Hide weekly hours" : "See weekly hours"}
        <Icon name={open ? "close" : "chevronDown"} size={18} />
      </button>
      {open ? (
        <div id={popupId} className="hours-popup__panel" role="group" aria-label={title}>
          <HoursTable hours={hours} display="daily" caption={caption} />
          <SpecialHoursNote rows={special} />
        </div>
      ) : null}
    </div>
  );
}

/** modal: a button that opens the week's hours in a modal dialog. */
function HoursModal({ hours, caption, title = "Opening hours", today, special }: Omit<HoursDisplayProps, "display" | "timeZone"> & { today?: DayRow; special: SpecialHoursRow[] }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="hours-modal">
      <TodayLine today={today} />
      <button type="button" className="text-button" aria-haspopup="dialog" onPointerEnter={preloadModal} onFocus={preloadModal} onClick={() => setOpen(true)}>
        See opening hours
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={title}>
        <HoursTable hours={hours} display="daily" caption={caption} />
        <SpecialHoursNote rows={special} />
      </Modal>
    </div>
  );
}

/**
 * Opening hours in one of the SPEC §2 display options, with the special hours of the coming weeks under
 * them. Renders nothing when no day has times (SPEC §5). Today's row and the special hours need the
 * visitor's clock, so they appear only after the page has hydrated.
 */
export function HoursDisplay({ display, ...props }: HoursDisplayProps) {
  const { today, special } = useDatedHours(props.hours, props.timeZone, props.specialHours);
  if (!hasAnyHours(props.hours)) return null;
  switch (display) {
    case "daily":
    case "grouped":
      return (
        <>
          <HoursTable hours={props.hours} display={display} caption={props.caption} />
          <SpecialHoursNote rows={special} />
        </>
      );
    case "dailyWithPopup":
      return <DailyWithPopup {...props} today={today} special={special} />;
    case "modal":
      return <HoursModal {...props} today={today} special={special} />;
    default:
      throw new RangeError(`HoursDisplay: display: expected one of daily, grouped, dailyWithPopup, modal, got ${JSON.stringify(display)}`);
  }
}

export default HoursDisplay;
