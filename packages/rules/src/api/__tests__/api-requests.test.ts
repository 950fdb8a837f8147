import { AttributesBody, ContactBody, CreateOrderBody, EventBody, LineItemBody, RecipientBody, UpdateItemBody, calendarDate, offsetInstant } from "../api-requests";
import { AvailabilityBody, KitchenBody, LoginBody, ReservationStatusBody, ReviewDecisionBody, StatusBody } from "../manage-requests";

const line = { selected_variation: { id: "v1", menu_item: "m1" }, quantity: 2 };
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("request bodies parse what clients send and fill the defaults", () => {
  it("a line item gets empty modifiers and instructions and keeps the display copies as sent", () => {
    expect(LineItemBody.parse({ ...line, price: 12.5, total: "25.00" })).toEqual({
      selected_variation: { id: "v1", menu_item: "m1" },
      selected_modifiers: [],
      special_instructions: "",
      quantity: 2,
      price: 12.5,
      total: "25.00",
    });
  });

  it("an order with no lines is an empty cart", () => {
    expect(CreateOrderBody.parse({ merchant_product: "p", merchant_location: "l" }).line_items).toEqual([]);
  });

  it("a recipient's country is upper-cased and optional parts default to empty", () => {
    const parsed = RecipientBody.parse({ first_name: "A", last_name: "B", street_address: "1 Main", locality: "Town", postal_code: "12345", country: "us" });
    expect(parsed).toMatchObject({ country: "US", extended_address: "", administrative_area_level_1: "" });
  });

  it("a contact message is not an opt-in unless it says so", () => {
    expect(ContactBody.parse({ contact_name: "A", contact_email: "a@b.co", contact_message: "Hi" }).contact_opt_in).toBe(false);
  });
});

describe("request bodies refuse with a message that names the rule", () => {
  it.each<[string, { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, unknown, string]>([
    ["a quantity of 0", LineItemBody, { ...line, quantity: 0 }, "expected at least 1"],
    ["a fractional quantity", LineItemBody, { ...line, quantity: 1.5 }, "expected a whole number"],
    ["an edit that changes nothing", UpdateItemBody, {}, "expected at least one of selected_variation, selected_modifiers, special_instructions, quantity"],
    ["a negative tip", AttributesBody, { tip: -1 }, "expected 0 or more cents"],
    ["an unknown event type", EventBody, { business_info: { id: "b" }, component_configuration: { type: "poll" }, event_data: { fieldValues: {} } }, "expected one of review, reservation, subscribe, application, like"],
    ["an unknown sold-out choice", AvailabilityBody, { sold_out: "tomorrow" }, 'expected "today" (until midnight), "indefinitely" (until further notice) or false (available again)'],
    ["a rush beyond two hours", KitchenBody, { rush_minutes: 121 }, "expected 0 to 120 minutes"],
    ["an unknown order move", StatusBody, { status: "lost" }, 'expected "accepted", "ready", "completed" or "cancelled"'],
    ["an empty password", LoginBody, { email: "a@b.co", password: "" }, "expected the password"],
    ["a booking move the workspace does not make", ReservationStatusBody, { status: "confirmed" }, 'expected "cancelled" or "no_show"'],
    ["a review decision other than approve or reject", ReviewDecisionBody, { decision: "hide" }, 'expected "approve" or "reject"'],
  ])("%s", (_name, schema, body, message) => {
    expect(firstMessage(schema.safeParse(body))).toBe(message);
  });
});

describe("dates and instants", () => {
  it.each<[string, boolean]>([
    ["2026-03-10", true],
    ["2030-02-30", false],
    ["1999-12-31", false],
    ["9999-12-31", false],
  ])("calendarDate %s → %s", (value, ok) => {
    expect(calendarDate.safeParse(value).success).toBe(ok);
  });

  it.each<[string, boolean]>([
    ["2026-11-27T18:15:00-05:00", true],
    ["2026-11-27T18:15Z", true],
    ["2026-11-27T18:15:00", false],
    ["2300-01-01T00:00:00Z", false],
  ])("offsetInstant %s → %s", (value, ok) => {
    expect(offsetInstant.safeParse(value).success).toBe(ok);
  });
});
