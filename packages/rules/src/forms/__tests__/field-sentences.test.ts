import { GENERAL_REFUSAL, SENTENCES, parserWords, refusalSentences, refusedFieldSentence, refusedIssues, sentencesFor, type SentenceKey } from "../field-sentences";
import { CONTACT_ERROR_PATHS, FIELD_LIMITS, RESERVATION_ERROR_PATHS, REVIEW_ERROR_PATHS, SUBSCRIBE_ERROR_PATHS, APPLICATION_ERROR_PATHS, EMPTY_APPLICATION, EMPTY_CONTACT, EMPTY_RESERVATION, EMPTY_REVIEW, EMPTY_SUBSCRIBE, requiredText } from "../forms";
import { APPOINTMENT_ERROR_PATHS, validateAppointmentDetails } from "../../booking/booking-flow";
import { CHECKOUT_LABELS, MAX_INSTRUCTIONS } from "../../orders/checkout";

describe("the visitor's sentences", () => {
  const sentences = Object.entries(SENTENCES) as [SentenceKey, string][];

  it.each(sentences)("%s: one plain sentence that says what to do, never a parser's words", (_key, sentence) => {
    expect(sentence).toMatch(/^[A-Z][^]*[.]$/);
    expect(parserWords(sentence)).toBe(false);
    expect(sentence).not.toMatch(/expected|got |\bbody\.|event_data|: this field/i);
  });

  it.each<[string, readonly string[]]>([
    ["contact", Object.keys(EMPTY_CONTACT)],
    ["review", Object.keys(EMPTY_REVIEW)],
    ["newsletter", Object.keys(EMPTY_SUBSCRIBE)],
    ["job application", Object.keys(EMPTY_APPLICATION)],
    ["reservation", Object.keys(EMPTY_RESERVATION)],
    ["checkout", Object.keys(CHECKOUT_LABELS)],
    ["booking details", ["firstName", "lastName", "email", "phone", "notes"]],
  ])("every field of the %s form has its sentence", (_form, fields) => {
    for (const field of fields) expect([field, SENTENCES[field as SentenceKey]]).toEqual([field, expect.any(String)]);
  });

  it.each<[string, Readonly<Record<string, string>>]>([
    ["contact", CONTACT_ERROR_PATHS],
    ["review", REVIEW_ERROR_PATHS],
    ["newsletter", SUBSCRIBE_ERROR_PATHS],
    ["job application", APPLICATION_ERROR_PATHS],
    ["reservation", RESERVATION_ERROR_PATHS],
    ["booking details", APPOINTMENT_ERROR_PATHS],
  ])("every field the service can refuse on the %s form has its sentence", (_form, paths) => {
    for (const field of Object.values(paths)) expect(Object.hasOwn(SENTENCES, field)).toBe(true);
  });

  it("names the limits the forms check", () => {
    expect(SENTENCES.partySize).toContain(`from ${FIELD_LIMITS.partySizeMin} to ${FIELD_LIMITS.partySizeMax}`);
    expect(SENTENCES.rating).toContain(`from ${FIELD_LIMITS.ratingMin} to ${FIELD_LIMITS.ratingMax}`);
    expect(SENTENCES.instructions).toContain(MAX_INSTRUCTIONS.toLocaleString("en-US"));
    expect(SENTENCES.role).toContain(`${FIELD_LIMITS.role} characters`);
    expect(requiredText("x".repeat(FIELD_LIMITS.notes + 1), "the note", FIELD_LIMITS.notes)).toBe(SENTENCES.notes);
    expect(requiredText("x".repeat(FIELD_LIMITS.subject + 1), "the subject", FIELD_LIMITS.subject)).toBe(SENTENCES.subject);
  });

  // The booking's details step is on the path of the first load (booking.ts holds Book Now's targets), so it
  // spells its sentences itself rather than carry this table into every page: they must stay the same.
  it("the booking's details step says what the table says", () => {
    const errors = validateAppointmentDetails({ firstName: " ", lastName: "", email: "ada@example", phone: "55", notes: "x".repeat(1001) });
    expect(errors).toEqual({ firstName: SENTENCES.firstName, lastName: SENTENCES.lastName, email: SENTENCES.email, phone: SENTENCES.phone, notes: SENTENCES.notes });
  });

  it("sentencesFor words each problem with its sentence", () => {
    expect(sentencesFor({ cardExpiry: "cardExpired", email: "email" })).toEqual({ cardExpiry: "This card has expired: use another card.", email: "Enter an email address like name@example.com." });
  });
});

describe("parserWords: the data-file voice, told from the service's sentences for people", () => {
  it.each<[string, boolean]>([
    ['expected an email address like name@example.com, got "ada@example"', true],
    ["expected a string, got nothing", true],
    ['unexpected field "x"', true],
    ["expected a phone number, national for the location's country (US) like (212) 555-0142 or international starting with +, got \"555\"", true],
    ["Vela Fishtown does not deliver to 10001", false],
    ["Today at 3:15pm is too soon: orders need 20 minutes to prepare; the earliest time is today at 5:30pm.", false],
    ["That time is fully booked at Vela Fishtown; please choose another slot", false],
  ])("%s → %s", (message, parser) => {
    expect(parserWords(message)).toBe(parser);
  });
});

describe("refusedIssues", () => {
  it.each<[string, unknown, { path: string; message: string }[]]>([
    ["a validation reply's detail list", { message: "body.contact_email: x", detail: [{ path: "body.contact_email", message: "expected an email address, got \"x\"" }] }, [{ path: "body.contact_email", message: "expected an email address, got \"x\"" }]],
    ["a business-rule reply's message", { message: "location.id: Vela Lakeview does not take reservations online" }, [{ path: "location.id", message: "Vela Lakeview does not take reservations online" }]],
    ["a plain message names no field", { message: "That time is fully booked at Vela Fishtown; please choose another slot" }, []],
    ["a body that is not an object", "Bad Gateway", []],
    ["no body", undefined, []],
  ])("%s", (_name, body, issues) => {
    expect(refusedIssues(body)).toEqual(issues);
  });
});

describe("refusedFieldSentence", () => {
  it.each<[string, string, string]>([
    ["email", 'expected an email address like name@example.com, got "ada@example"', "Enter an email address like name@example.com."],
    ["cardExpiry", "", "Enter the card's expiry date, like 08/29."],
    ["postalCode", "Vela Fishtown does not deliver to 10001", "Vela Fishtown does not deliver to 10001."],
    ["somethingElse", "expected a string, got 3", GENERAL_REFUSAL],
  ])("%s: %s", (field, message, sentence) => {
    expect(refusedFieldSentence(field, message)).toBe(sentence);
  });
});

describe("refusalSentences: a refusal of the service in the visitor's words", () => {
  const paths = { "body.contact_email": "email", "event_data.fieldValues.name": "name", "customer.phone": "phone" } as const;
  it.each<[string, unknown, ReturnType<typeof refusalSentences>]>([
    [
      "a refused email: the field's sentence, not the parser's words or the path",
      { message: 'body.contact_email: expected an email address like name@example.com, got "ada@example"', detail: [{ path: "body.contact_email", message: 'expected an email address like name@example.com, got "ada@example"' }] },
      { fields: { email: SENTENCES.email }, message: null },
    ],
    ["a path only in the message", { message: "event_data.fieldValues.name: expected at most 100 characters, got 140" }, { fields: { name: SENTENCES.name }, message: null }],
    ["a path the form names without body.", { message: "x", detail: [{ path: "body.customer.phone", message: 'expected a phone number, got "55"' }] }, { fields: { phone: SENTENCES.phone }, message: null }],
    ["a refused path the form does not show: the general sentence", { message: 'business_info.id: no business "x" here' }, { fields: {}, message: GENERAL_REFUSAL }],
    [
      "both at once",
      { message: "m", detail: [{ path: "body.contact_email", message: "expected an email address" }, { path: "body.destination_email", message: "not a contact address" }] },
      { fields: { email: SENTENCES.email }, message: GENERAL_REFUSAL },
    ],
    ["a refusal in plain words names no field: the form shows the service's message", { message: "That time is fully booked; please choose another slot" }, null],
  ])("%s", (_name, body, expected) => {
    expect(refusalSentences(body, paths)).toEqual(expected);
  });
});
