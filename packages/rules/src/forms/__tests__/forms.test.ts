import {
  EMPTY_APPLICATION,
  EMPTY_CONTACT,
  EMPTY_RESERVATION,
  EMPTY_REVIEW,
  FIELD_LIMITS,
  RESERVATION_ERROR_PATHS,
  applicationFieldValues,
  contactRequest,
  emailProblem,
  eventBody,
  formEvent,
  likeFieldValues,
  parsePartySize,
  parseRating,
  phoneProblem,
  reservationFieldValues,
  reservationKind,
  reviewFieldValues,
  subscribeFieldValues,
  validateApplication,
  validateContact,
  validateReservation,
  validateReview,
  validateSubscribe,
  type ReservationRules,
  type ReservationValues,
} from "../forms";

const long = (n: number) => "x".repeat(n);

describe("emailProblem and phoneProblem use the SPEC §5 rules", () => {
  it.each<[string, boolean, string | undefined]>([
    ["ada@example.com", true, undefined],
    ["  ada@example.com ", true, undefined],
    ["", true, "Enter an email address like name@example.com."],
    ["", false, undefined],
    ["ada@example", true, "Enter an email address like name@example.com."],
    ["ada lovelace@example.com", false, "Enter an email address like name@example.com."],
  ])("email %j (required %s)", (value, required, expected) => {
    expect(emailProblem(value, required)).toBe(expected);
  });

  it.each<[string, string | undefined]>([
    ["", undefined],
    ["(718) 555-0142", undefined],
    ["+718 555 0142", undefined],
    ["718.555.0187", undefined],
    ["+44 20 7946 0958", undefined],
    ["020 7946 0958", undefined],
    ["03-1234-5678", undefined],
    ["(718) 555-0142 ext. 12", undefined],
    ["55-0142", "Enter a phone number with its area code, or from abroad with + and the country code."],
    ["call me", "Enter a phone number with its area code, or from abroad with + and the country code."],
  ])("phone %j", (value, expected) => {
    expect(phoneProblem(value)).toBe(expected);
  });
});

describe("validateContact", () => {
  const ok = { ...EMPTY_CONTACT, name: "Ada", email: "ada@example.com", message: "Hello" };
  it.each<[string, Partial<typeof ok>, Record<string, string>]>([
    ["a complete message", {}, {}],
    ["nothing typed", { name: "", email: "", message: "" }, { name: "Enter your name.", email: "Enter an email address like name@example.com.", message: "Enter your message." }],
    ["only spaces count as empty", { name: "   " }, { name: "Enter your name." }],
    ["a subject over its limit", { subject: long(FIELD_LIMITS.subject + 1) }, { subject: "Shorten the subject to 200 characters or fewer." }],
    ["a message over its limit", { message: long(FIELD_LIMITS.message + 1) }, { message: "Shorten your message to 5,000 characters or fewer." }],
  ])("%s", (_name, change, expected) => {
    expect(validateContact({ ...ok, ...change })).toEqual(expected);
  });
});

describe("validateReview", () => {
  const ok = { ...EMPTY_REVIEW, rating: "5", text: "Lovely cut" };
  it.each<[string, Partial<typeof ok>, string[]]>([
    ["rating and text", {}, []],
    ["no rating", { rating: "" }, ["rating"]],
    ["a rating of 0", { rating: "0" }, ["rating"]],
    ["a rating of 6", { rating: "6" }, ["rating"]],
    ["a fractional rating", { rating: "4.5" }, ["rating"]],
    ["no text", { text: "" }, ["text"]],
    ["an optional email must still be an email", { email: "nope" }, ["email"]],
    ["a name too long", { name: long(FIELD_LIMITS.name + 1) }, ["name"]],
  ])("%s", (_name, change, fields) => {
    expect(Object.keys(validateReview({ ...ok, ...change }))).toEqual(fields);
  });

  it.each<[string, number | null]>([
    ["1", 1],
    ["5", 5],
    ["", null],
    [" ", null],
    ["3.0", 3],
    ["x", null],
  ])("parseRating(%j) → %p", (value, expected) => {
    expect(parseRating(value)).toBe(expected);
  });
});

describe("validateSubscribe and validateApplication", () => {
  it.each<[string, { email: string; optIn: boolean }, string[]]>([
    ["email and consent", { email: "ada@example.com", optIn: true }, []],
    ["consent is required", { email: "ada@example.com", optIn: false }, ["optIn"]],
    ["a bad email", { email: "ada@", optIn: true }, ["email"]],
  ])("subscribe: %s", (_name, values, fields) => {
    expect(Object.keys(validateSubscribe(values))).toEqual(fields);
  });

  const application = { ...EMPTY_APPLICATION, name: "Ada", email: "ada@example.com", role: "Stylist", message: "Ten years behind the chair." };
  it.each<[string, Partial<typeof application>, string[]]>([
    ["complete, phone left out", {}, []],
    ["with a valid phone", { phone: "(718) 555-0142" }, []],
    ["with a bad phone", { phone: "12" }, ["phone"]],
    ["nothing typed", EMPTY_APPLICATION, ["name", "email", "role", "message"]],
  ])("application: %s", (_name, change, fields) => {
    expect(Object.keys(validateApplication({ ...application, ...change }))).toEqual(fields);
  });
});

describe("validateReservation", () => {
  const start = "2030-06-04T19:00:00.000-04:00";
  const ok: ReservationValues = { ...EMPTY_RESERVATION, locationId: "loc-1", date: "2030-06-04", start, partySize: "4", name: "Ada", email: "ada@example.com" };
  const table: ReservationRules = { kind: "table", offeredStarts: [start], requireService: false };
  const appointment: ReservationRules = { kind: "appointment", offeredStarts: [start], requireService: true };
  it.each<[string, Partial<ReservationValues>, ReservationRules, Record<string, string>]>([
    ["a table with everything", {}, table, {}],
    ["no date yet", { date: "", start: "" }, table, { date: "Choose a date.", start: "Choose a date first, then a time." }],
    ["a date but no time", { start: "" }, table, { start: "Choose a time." }],
    ["a time that is no longer offered", { start: "2030-06-04T23:00:00.000-04:00" }, table, { start: "That time is no longer offered; choose another." }],
    ["a party of 0", { partySize: "0" }, table, { partySize: "Enter the number of guests, from 1 to 50." }],
    ["a party of 51", { partySize: "51" }, table, { partySize: "Enter the number of guests, from 1 to 50." }],
    ["party size does not matter for an appointment", { partySize: "", serviceId: "item-cut" }, appointment, {}],
    ["an appointment needs a service when there are services", {}, appointment, { serviceId: "Choose a service." }],
    ["unless the business lists none", {}, { ...appointment, requireService: false }, {}],
    ["no location", { locationId: "" }, table, { locationId: "Choose a location." }],
    ["a bad phone", { phone: "abc" }, table, { phone: "Enter a phone number with its area code, or from abroad with + and the country code." }],
  ])("%s", (_name, change, rules, expected) => {
    expect(validateReservation({ ...ok, ...change }, rules)).toEqual(expected);
  });

  it.each<[string, number | null]>([
    ["1", 1],
    ["50", 50],
    ["2.5", null],
    ["-1", null],
    ["", null],
  ])("parsePartySize(%j) → %p", (value, expected) => {
    expect(parsePartySize(value)).toBe(expected);
  });

  it.each<[string, "table" | "appointment"]>([
    ["restaurant", "table"],
    ["generic", "appointment"],
    ["merchant", "appointment"],
  ])("reservationKind(%s) → %s", (type, expected) => {
    expect(reservationKind(type)).toBe(expected);
  });

  it("maps the service's paths to the form's fields, location included", () => {
    expect(RESERVATION_ERROR_PATHS["event_data.fieldValues.start"]).toBe("start");
    expect(RESERVATION_ERROR_PATHS["location.id"]).toBe("locationId");
  });
});

describe("contactRequest", () => {
  const business = { businessId: "luma hair", type: "generic", name: "Luma" };
  const values = { name: " Ada ", email: " ada@example.com ", subject: " ", message: " Hi ", optIn: true };
  it.each<[string, { contactEmails: string[]; email?: string | null }, Record<string, unknown>]>([
    ["several contact emails", { contactEmails: ["a@x.example", "b@x.example"], email: "c@x.example" }, { destination_emails: ["a@x.example", "b@x.example"] }],
    ["one contact email", { contactEmails: ["a@x.example"] }, { destination_email: "a@x.example" }],
    ["only the public email", { contactEmails: [], email: "c@x.example" }, { destination_email: "c@x.example" }],
    ["no address: the service falls back to the primary location's", { contactEmails: [], email: null }, {}],
  ])("%s", (_name, location, destinations) => {
    const request = contactRequest(business, { locationId: "loc/1", ...location }, values);
    expect(request.path).toBe("businesses/generics/luma%20hair/locations/loc%2F1/email/");
    expect(request.body).toEqual({ contact_name: "Ada", contact_email: "ada@example.com", contact_message: "Hi", contact_opt_in: true, ...destinations });
  });

  it.each<[string, string]>([
    ["restaurant", "restaurants"],
    ["merchant", "merchants"],
    ["", "restaurants"],
  ])("uses the SPEC §5 type path for %j", (type, segment) => {
    expect(contactRequest({ ...business, type }, { locationId: "l", contactEmails: [] }, values).path.split("/")[1]).toBe(segment);
  });

  it("sends a subject only when one is typed", () => {
    expect(contactRequest(business, { locationId: "l", contactEmails: [] }, { ...values, subject: " Bridal " }).body.email_subject).toBe("Bridal");
  });
});

describe("events/website/ bodies", () => {
  const business = { businessId: "luma", type: "generic", name: "Luma" };
  it("wraps field values with the business, page, location and form type", () => {
    expect(eventBody({ business, website: { url: "https://luma.example", page: "/contact/", recipe: "hibiscus" }, locationId: "loc-1", type: "review", name: "Review form", fieldValues: { rating: 5 } })).toEqual({
      business_info: { id: "luma", type: "generic", name: "Luma" },
      website: { url: "https://luma.example", page: "/contact/", recipe: "hibiscus" },
      location: { id: "loc-1" },
      component_configuration: { type: "review", name: "Review form" },
      event_data: { fieldValues: { rating: 5 } },
    });
  });

  it("leaves out a business type the service does not know and an absent location", () => {
    const body = eventBody({ business: { ...business, type: "spa" }, type: "subscribe", name: "Subscribe", fieldValues: {} });
    expect(body.business_info).toEqual({ id: "luma", name: "Luma" });
    expect(body).not.toHaveProperty("location");
    expect(body).not.toHaveProperty("website");
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ["review, optional fields left out", reviewFieldValues({ rating: "4", text: " Great ", name: "", email: "" }), { rating: 4, text: "Great" }],
    ["review with name, email and item", reviewFieldValues({ rating: "5", text: "Yes", name: "Ada", email: "ada@example.com" }, "item-1"), { rating: 5, text: "Yes", name: "Ada", email: "ada@example.com", menuItemId: "item-1" }],
    ["subscribe", subscribeFieldValues({ email: " ada@example.com ", optIn: true }), { email: "ada@example.com", optIn: true }],
    ["application without phone", applicationFieldValues({ name: "Ada", email: "ada@example.com", phone: " ", role: "Stylist", message: "Hi" }), { name: "Ada", email: "ada@example.com", role: "Stylist", message: "Hi" }],
    ["like", likeFieldValues("item-1", "a".repeat(32)), { menuItemId: "item-1", visitorId: "a".repeat(32) }],
  ])("%s", (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  const reservation: ReservationValues = { ...EMPTY_RESERVATION, locationId: "l", date: "2030-06-04", start: "2030-06-04T19:00:00.000-04:00", partySize: "3", serviceId: "item-cut", teamMemberId: "team-a", name: " Ada ", email: "ada@example.com", phone: "", notes: " window " };
  it.each<["table" | "appointment", Record<string, unknown>]>([
    ["table", { start: reservation.start, partySize: 3, name: "Ada", email: "ada@example.com", notes: "window" }],
    ["appointment", { start: reservation.start, partySize: 1, name: "Ada", email: "ada@example.com", notes: "window", serviceId: "item-cut", teamMemberId: "team-a" }],
  ])("reservation field values for a %s", (kind, expected) => {
    expect(reservationFieldValues(reservation, kind)).toEqual(expected);
  });
});

describe("formEvent", () => {
  it.each<[Parameters<typeof formEvent>[0], string, string]>([
    ["contact", "Contact", "Submit Inquiry"],
    ["application", "Contact", "Submit Inquiry"],
    ["review", "Reviews", "Submit Review"],
    ["subscribe", "Newsletter", "Signup"],
    ["reservation", "Booking", "Schedule Appointment"],
    ["cancelReservation", "Booking", "Cancel Appointment"],
    ["like", "Services", "Like"],
  ])("%s → %s / %s", (kind, category, action) => {
    expect(formEvent(kind)).toMatchObject({ category, action });
  });

  it("never lets an email address through in a label", () => {
    expect(formEvent("contact", "ada@example.com").label).toBe("[redacted]");
  });
});
