import React, { useEffect, useId, useRef, useState } from "react";
import { hasAnyHours, weekHoursView, type DayRow, type HoursDisplayOption, type HoursInput } from "@mainstreet/rules/hours-format";
import { scheduleWeekdayAt, type OpenSchedule } from "@mainstreet/rules/open-status-core";
import { useMounted } from "../hooks/use-mounted";
import { HoursTable } from "./hours-table";
import { Icon } from "./icons";
import { lazyModule } from "./lazy-module";
import { Modal, preloadModal } from "./modal";
import { useOpenSchedule } from "./use-open-schedule";
import { useSiteFormats } from "./site-formats";

interface HoursDisplayProps {
  hours: HoursInput[];
  timeZone: string;
  /** SPEC §2: daily, grouped, dailyWithPopup, modal. */
  display: HoursDisplayOption;
  caption?: string;
  /** Title of the popup and the modal. */
  title?: string;
  /** The location's schedule from the build, for today's weekday; else the layout's for these hours. */
  schedule?: OpenSchedule | null;
}

// Dynamic, so luxon is fetched only by a page that outlived its schedule (or has none).
const hoursRules = lazyModule(() => import("@mainstreet/rules/hours"));

/**
 * Today's row, computed in the browser in the location's zone (never at build: pages live for weeks).
 * The schedule's day starts give the weekday without luxon.
 */
function useToday(hours: HoursInput[], timeZone: string, given: OpenSchedule | null | undefined): DayRow | undefined {
  const mounted = useMounted();
  const schedule = useOpenSchedule(hours, timeZone, given);
  const { locale } = useSiteFormats();
  const [today, setToday] = useState<DayRow | undefined>(undefined);
  useEffect(() => {
    if (!mounted) return undefined;
    const weekday = schedule ? scheduleWeekdayAt(schedule, Date.now()) : null;
    if (weekday !== null) {
      setToday(weekHoursView(hours, { weekday, locale }).today);
      return undefined;
    }
    const fromRules = (rules: typeof import("@mainstreet/rules/hours")) => setToday(rules.hoursView(hours, { now: Date.now(), timeZone, locale }).today);
    const rules = hoursRules.get();
    if (rules) {
      fromRules(rules);
      return undefined;
    }
    let live = true;
    hoursRules
      .load()
      .then((loaded) => {
        if (live) fromRules(loaded);
      })
      // Today's line is an extra: a chunk that fails to load leaves it out.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [mounted, hours, timeZone, schedule, locale]);
  return today;
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

/** dailyWithPopup: today's hours with a disclosure popup holding the whole week. */
function DailyWithPopup({ hours, timeZone, caption, title, schedule }: Omit<HoursDisplayProps, "display">) {
  const today = useToday(hours, timeZone, schedule);
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
        </div>
      ) : null}
    </div>
  );
}

/** modal: a button that opens the week's hours in a modal dialog. */
function HoursModal({ hours, timeZone, caption, title = "Opening hours", schedule }: Omit<HoursDisplayProps, "display">) {
  const today = useToday(hours, timeZone, schedule);
  const [open, setOpen] = useState(false);
  return (
    <div className="hours-modal">
      <TodayLine today={today} />
      <button type="button" className="text-button" aria-haspopup="dialog" onPointerEnter={preloadModal} onFocus={preloadModal} onClick={() => setOpen(true)}>
        See opening hours
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={title}>
        <HoursTable hours={hours} display="daily" caption={caption} />
      </Modal>
    </div>
  );
}

/**
 * Opening hours in one of the SPEC §2 display options. Renders nothing when no day has times (SPEC §5).
 * Today's row needs the visitor's clock, so it appears only after the page has hydrated.
 */
export function HoursDisplay({ display, ...props }: HoursDisplayProps) {
  if (!hasAnyHours(props.hours)) return null;
  switch (display) {
    case "daily":
    case "grouped":
      return <HoursTable hours={props.hours} display={display} caption={props.caption} />;
    case "dailyWithPopup":
      return <DailyWithPopup {...props} />;
    case "modal":
      return <HoursModal {...props} />;
    default:
      throw new RangeError(`HoursDisplay: display: expected one of daily, grouped, dailyWithPopup, modal, got ${JSON.stringify(display)}`);
  }
}

export default HoursDisplay;
