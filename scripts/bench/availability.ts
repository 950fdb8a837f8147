/**
 * `npm run bench:availability`: how long the availability rule (packages/rules/src/booking/availability.ts)
 * takes for the largest question the API is asked: "any available" across 10 people over 60 days, each
 * person with three appointments every day and a week away, on a 15-minute grid in a zone with
 * daylight saving. Prints the median and the slowest of the timed runs (goal: a median under 50 ms); it
 * measures and asserts nothing.
 */
import { performance } from "node:perf_hooks";
import { DateTime } from "luxon";
import { type AppointmentLocationInput, type BusyTime, type StaffScheduleInput, availability } from "@mainstreet/rules/booking/availability";

const ZONE = "America/New_York";
const PEOPLE = 10;
const DAYS = 60;
const WARMUP_RUNS = 20;
const TIMED_RUNS = 50;
/** A window that crosses the November clock change. */
const FROM = "2026-10-15";
const NOW = DateTime.fromISO(`${FROM}T08:00`, { zone: ZONE }).toMillis();

const location: AppointmentLocationInput = {
  id: "loc-bench",
  timezone: ZONE,
  hours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: day === 7 ? 1000 : 900, close: day === 7 ? 1600 : 2000 })),
  specialHours: [{ date: "2026-11-26", closed: true }],
  appointments: { stepMinutes: 15, leadMinutes: 60, daysAhead: DAYS },
};

/** Person i works five days a week from 9 or 11, the last two half days; one week away each. */
const staff: StaffScheduleInput[] = Array.from({ length: PEOPLE }, (_, index) => ({
  id: `person-${index}`,
  hours: [1, 2, 3, 4, 5, 6, 7]
    .filter((day) => (day + index) % 7 < 5)
    .map((day) => ({ locationId: location.id, day, open: index % 2 === 0 ? 900 : 1100, close: index % 3 === 0 ? 1500 : 1900 })),
  timeOff: [{ from: DateTime.fromISO(FROM).plus({ days: 7 + index * 4 }).toISODate() as string, to: DateTime.fromISO(FROM).plus({ days: 13 + index * 4 }).toISODate() as string }],
}));

/** Three appointments a day per person (10:00, 13:00 and 16:00 local), each an hour with a 15-minute buffer. */
const busy: BusyTime[] = staff.flatMap((person) =>
  Array.from({ length: DAYS }, (_, day) =>
    ["10:00", "13:00", "16:00"].map((time) => {
      const start = DateTime.fromISO(`${DateTime.fromISO(FROM).plus({ days: day }).toISODate()}T${time}`, { zone: ZONE });
      return { staffId: person.id, start: start.toMillis(), end: start.plus({ minutes: 75 }).toMillis() };
    }),
  ).flat(),
);

const run = () => availability({ location, variation: { durationMinutes: 60, bufferMinutes: 15 }, staff, busy, from: FROM, days: DAYS, now: NOW });

for (let i = 0; i < WARMUP_RUNS; i += 1) run();
const times: number[] = [];
let slots = 0;
for (let i = 0; i < TIMED_RUNS; i += 1) {
  const started = performance.now();
  const days = run();
  times.push(performance.now() - started);
  slots = days.reduce((sum, day) => sum + day.slots.length, 0);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
process.stdout.write(
  [
    `availability, "any available": ${PEOPLE} people × ${DAYS} days, ${busy.length} busy times, 15-minute grid, ${ZONE}`,
    `  ${slots} free starts offered`,
    `  median ${median.toFixed(1)} ms, slowest ${times[times.length - 1].toFixed(1)} ms over ${TIMED_RUNS} runs (goal: median under 50 ms)`,
  ].join("\n") + "\n",
);
