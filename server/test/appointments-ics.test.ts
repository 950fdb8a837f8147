import assert from "node:assert/strict";
import { describe, it } from "node:test";
import ICAL from "ical.js";
import { appointmentIcs, type IcsEvent } from "../src/appointments/appointment-ics";

/**
 * The appointment's calendar file, read back by a real RFC 5545 parser (ical.js, Mozilla's): the zone it
 * defines must put the appointment at the instant booked, on the location's wall clock, on ordinary days,
 * on the days clocks change, and in zones without daylight time.
 */

const base: IcsEvent = {
  uid: "3f1c@salon.mainstreet",
  sequence: 0,
  status: "CONFIRMED",
  start: new Date("2030-06-04T14:00:00Z"),
  end: new Date("2030-06-04T15:30:00Z"),
  timeZone: "America/New_York",
  summary: "Balayage with Maya at Luma Brooklyn",
  location: "Luma Brooklyn, 12 Bedford Ave, Brooklyn, NY",
  description: "Booking A-ABCD-EFGH. See, move or cancel it: https://luma.example/appointments/manage/?reference=A-ABCD-EFGH&token=0123456789abcdef0123456789abcdef",
  url: "https://luma.example/appointments/manage/?reference=A-ABCD-EFGH&token=0123456789abcdef0123456789abcdef",
  stamp: new Date("2030-06-01T09:00:00Z"),
};

/** Parses the file with ical.js and returns its one event, its zone registered as a calendar would. */
function read(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents("vtimezone");
  assert.equal(zones.length, 1, "one VTIMEZONE");
  ICAL.TimezoneService.reset();
  ICAL.TimezoneService.register(zones[0]);
  const events = calendar.getAllSubcomponents("vevent");
  assert.equal(events.length, 1, "one VEVENT");
  return { calendar, event: new ICAL.Event(events[0]), vevent: events[0] };
}

describe("the appointment's .ics file", () => {
  const cases: [string, Partial<IcsEvent>, string, string][] = [
    ["a summer day in New York (EDT)", {}, "2030-06-04T10:00:00", "2030-06-04T11:30:00"],
    ["a winter day in New York (EST)", { start: new Date("2030-01-15T15:00:00Z"), end: new Date("2030-01-15T16:00:00Z") }, "2030-01-15T10:00:00", "2030-01-15T11:00:00"],
    ["the day clocks go back (3 Nov 2030), after the change", { start: new Date("2030-11-03T14:00:00Z"), end: new Date("2030-11-03T15:00:00Z") }, "2030-11-03T09:00:00", "2030-11-03T10:00:00"],
    ["the day clocks go forward (10 Mar 2030), after the change", { start: new Date("2030-03-10T14:00:00Z"), end: new Date("2030-03-10T15:00:00Z") }, "2030-03-10T10:00:00", "2030-03-10T11:00:00"],
    ["a zone without daylight time (Tokyo)", { timeZone: "Asia/Tokyo", start: new Date("2030-06-04T01:00:00Z"), end: new Date("2030-06-04T02:00:00Z") }, "2030-06-04T10:00:00", "2030-06-04T11:00:00"],
    ["a southern-hemisphere zone in its summer (Sydney)", { timeZone: "Australia/Sydney", start: new Date("2030-01-10T23:00:00Z"), end: new Date("2030-01-11T00:30:00Z") }, "2030-01-11T10:00:00", "2030-01-11T11:30:00"],
  ];
  for (const [name, change, wallStart, wallEnd] of cases) {
    it(`${name}: the wall-clock times carry the zone and resolve to the instants booked`, () => {
      const event = { ...base, ...change };
      const { event: parsed } = read(appointmentIcs(event));
      assert.equal(parsed.startDate.zone.tzid, event.timeZone);
      assert.equal(parsed.startDate.toString(), wallStart);
      assert.equal(parsed.endDate.toString(), wallEnd);
      assert.equal(parsed.startDate.toJSDate().toISOString(), event.start.toISOString());
      assert.equal(parsed.endDate.toJSDate().toISOString(), event.end.toISOString());
    });
  }

  it("carries the fields a calendar keys on, with text escaped and long lines folded at 75 octets", () => {
    const text = appointmentIcs({ ...base, summary: "Cut, colour; finish", sequence: 2, status: "CANCELLED" });
    assert.ok(text.endsWith("\r\n"));
    for (const line of text.split("\r\n")) assert.ok(Buffer.byteLength(line, "utf8") <= 75, `line over 75 octets: ${line}`);
    assert.doesNotMatch(text, /[^\r]\n/, "every line ends with CRLF");
    const { calendar, event, vevent } = read(text);
    assert.equal(calendar.getFirstPropertyValue("version"), "2.0");
    assert.equal(calendar.getFirstPropertyValue("method"), "PUBLISH");
    assert.equal(event.uid, base.uid);
    assert.equal(event.sequence, 2);
    assert.equal(event.summary, "Cut, colour; finish");
    assert.equal(event.location, base.location);
    assert.equal(event.description, base.description, "the folded description reads back whole");
    assert.equal(vevent.getFirstPropertyValue("status"), "CANCELLED");
    assert.equal(vevent.getFirstPropertyValue("url"), base.url);
    assert.equal(String(vevent.getFirstPropertyValue("dtstamp")), "2030-06-01T09:00:00Z");
  });

  it("folds without splitting a multi-byte character", () => {
    const text = appointmentIcs({ ...base, summary: "Soin visage à l’huile d’argan — ".repeat(4) });
    const { event } = read(text);
    assert.equal(event.summary, "Soin visage à l’huile d’argan — ".repeat(4));
  });
});
