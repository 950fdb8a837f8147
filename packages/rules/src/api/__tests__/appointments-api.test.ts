import {
  type CreateAppointmentRequestBody,
  AppointmentParams,
  AppointmentViewSchema,
  AvailabilityQuery,
  AvailabilityReplySchema,
  CancelAppointmentBody,
  CreateAppointmentBody,
  CreatedAppointmentSchema,
  MoveAppointmentBody,
  ViewAppointmentQuery,
} from "../appointments-api";

type Parser = { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } } };

const TOKEN = "0123456789abcdef0123456789abcdef";
const booking: CreateAppointmentRequestBody = {
  business_id: "biz-luma",
  location_id: "loc-carrow",
  variation_id: "var-balayage-medium",
  staff_id: "team-maya-okafor",
  start: "2026-12-08T10:15:00-05:00",
  customer: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "(718) 555-0100" },
};

describe("appointment requests parse what clients send and fill the defaults", () => {
  it("availability: staff defaults to any, days to 7, from to the service's today", () => {
    expect(AvailabilityQuery.parse({ business_id: "b", location_id: "l", variation_id: "v" })).toEqual({ business_id: "b", location_id: "l", variation_id: "v", staff_id: "any", days: 7 });
  });

  it("availability: days and from as a query string gives them", () => {
    expect(AvailabilityQuery.parse({ business_id: "b", location_id: "l", variation_id: "v", staff_id: "team-maya", from: "2026-12-08", days: "14" })).toMatchObject({ staff_id: "team-maya", from: "2026-12-08", days: 14 });
  });

  it("a booking without notes has empty notes", () => {
    expect(CreateAppointmentBody.parse(booking).notes).toBe("");
  });

  it.each<[string, Parser, unknown]>([
    ["a booking for any available person", CreateAppointmentBody, { ...booking, staff_id: "any", notes: "First visit" }],
    ["a booking in UTC", CreateAppointmentBody, { ...booking, start: "2026-12-08T15:15:00Z" }],
    ["a reference", AppointmentParams, { reference: "A-7KQ2-M9XD" }],
    ["a view", ViewAppointmentQuery, { token: TOKEN }],
    ["a cancel", CancelAppointmentBody, { token: TOKEN }],
    ["a move", MoveAppointmentBody, { token: TOKEN, start: "2026-12-09T11:00:00-05:00" }],
  ])("accepts %s", (_name, schema, value) => {
    expect(schema.safeParse(value).success).toBe(true);
  });
});

describe("appointment requests refuse with the field and the rule", () => {
  it.each<[string, Parser, unknown, string, string]>([
    ["no location", CreateAppointmentBody, { ...booking, location_id: undefined }, "location_id", "Invalid input: expected string, received undefined"],
    ["a start without its offset", CreateAppointmentBody, { ...booking, start: "2026-12-08T10:15:00" }, "start", "expected an ISO 8601 date and time with its offset like 2026-11-27T18:15:00-05:00"],
    ["a start in 1999", CreateAppointmentBody, { ...booking, start: "1999-12-08T10:15:00-05:00" }, "start", "expected a real date and time between 2000 and 2199"],
    ["a customer without a last name", CreateAppointmentBody, { ...booking, customer: { ...booking.customer, last_name: " " } }, "customer.last_name", "expected non-empty text"],
    ["an unknown field", CreateAppointmentBody, { ...booking, party_size: 2 }, "", 'Unrecognized key: "party_size"'],
    ["notes too long", CreateAppointmentBody, { ...booking, notes: "x".repeat(1001) }, "notes", "expected at most 1000 characters"],
    ["0 days", AvailabilityQuery, { business_id: "b", location_id: "l", variation_id: "v", days: "0" }, "days", "expected a whole number of days from 1 to 62"],
    ["too many days", AvailabilityQuery, { business_id: "b", location_id: "l", variation_id: "v", days: "90" }, "days", "expected a whole number of days from 1 to 62"],
    ["days as words", AvailabilityQuery, { business_id: "b", location_id: "l", variation_id: "v", days: "a week" }, "days", "expected a whole number of days from 1 to 62"],
    ["an impossible from date", AvailabilityQuery, { business_id: "b", location_id: "l", variation_id: "v", from: "2026-02-30" }, "from", "expected a real date between 2000 and 2199"],
    ["a reservation's reference", AppointmentParams, { reference: "R-ABCD-EF23" }, "reference", "expected an appointment reference like A-7KQ2-M9XD"],
    ["a short token", CancelAppointmentBody, { token: "abc" }, "token", "expected the 32-character token from the confirmation"],
    ["a move without a start", MoveAppointmentBody, { token: TOKEN }, "start", "Invalid input: expected string, received undefined"],
  ])("%s", (_name, schema, value, path, message) => {
    const issue = schema.safeParse(value).error?.issues[0];
    expect([issue?.path.join("."), issue?.message]).toEqual([path, message]);
  });
});

describe("appointment replies", () => {
  it.each<[string, Parser, unknown, boolean]>([
    [
      "availability with a free and a full day",
      AvailabilityReplySchema,
      {
        time_zone: "America/New_York",
        days: [
          { date: "2026-12-08", slots: [{ start: "2026-12-08T10:00:00-05:00", staff: ["team-maya-okafor", "team-jose-nunez"] }] },
          { date: "2026-12-09", slots: [] },
        ],
      },
      true,
    ],
    ["a slot nobody is free for is never listed", AvailabilityReplySchema, { time_zone: "UTC", days: [{ date: "2026-12-08", slots: [{ start: "2026-12-08T10:00:00Z", staff: [] }] }] }, false],
    [
      "a created booking",
      CreatedAppointmentSchema,
      { id: "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f", reference: "A-7KQ2-M9XD", start: "2026-12-08T10:15:00-05:00", end: "2026-12-08T13:15:00-05:00", staff: { id: "team-maya-okafor", name: "Maya Okafor" }, manage_token: TOKEN },
      true,
    ],
    [
      "a booking as its holder sees it",
      AppointmentViewSchema,
      {
        id: "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
        reference: "A-7KQ2-M9XD",
        status: "cancelled",
        business_id: "biz-luma",
        location_id: "loc-carrow",
        item_id: "item-balayage",
        variation_id: "var-balayage-medium",
        staff: { id: "team-maya-okafor", name: "Maya Okafor" },
        start: "2026-12-08T10:15:00-05:00",
        end: "2026-12-08T13:15:00-05:00",
        time_zone: "America/New_York",
        duration_minutes: 180,
        price_cents: 18000,
        customer: { first_name: "Ada", last_name: "Lovelace" },
        notes: "",
        changeable_until: "2026-12-07T10:15:00-05:00",
        changeable: false,
      },
      true,
    ],
    ["a view that leaks the customer's email", AppointmentViewSchema, { customer: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" } }, false],
  ])("%s", (_name, schema, value, ok) => {
    expect(schema.safeParse(value).success).toBe(ok);
  });
});
