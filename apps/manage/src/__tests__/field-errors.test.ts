import { apiError } from "@mainstreet/rules/api/api-error";
import { ownerMessageOf, refusalOf, UNTYPED_REFUSAL, type WorkspaceField } from "../api/field-errors";
import { createApi } from "../api/client";

/** The service's field paths become one owner sentence per field, in one table for every workspace form. */

const plain = (error: unknown) => (error instanceof Error ? error.message : "failed");
const refused = (status: number, body: unknown) => apiError("as the client wrote it", status, body);

describe("refusalOf: a sentence at each field the form shows, one line for the rest", () => {
  it.each<[string, unknown, WorkspaceField[], ReturnType<typeof refusalOf>]>([
    [
      "the invitation's 422 names the field in its message",
      refused(422, { message: 'body.email: expected an email address like name@example.com, got "ada@example"' }),
      ["email", "role"],
      { fields: { email: "Enter an email address like name@example.com." }, message: null },
    ],
    [
      "a 400 lists every refused field in its detail",
      refused(400, { message: "body.email: … (and 1 more problem)", detail: [{ path: "body.email", message: "expected an email address, got nothing" }, { path: "body.role", message: 'expected "owner" or "staff"' }] }),
      ["email", "role"],
      { fields: { email: "Enter an email address like name@example.com.", role: "Choose a role: Staff or Owner." }, message: null },
    ],
    [
      "a field the form does not show goes to the form's line, in words",
      refused(400, { message: "body.orders_per_slot: expected at most 1000 orders, got 5000", detail: [{ path: "body.orders_per_slot", message: "expected at most 1000 orders, got 5000" }] }),
      ["rush_minutes"],
      { fields: {}, message: "Enter the orders per slot as a whole number from 1 to 1000, or leave it empty for the usual setting." },
    ],
    [
      "a refused path no owner typed (an id the screen sent)",
      refused(400, { message: 'body.variation_id: expected an id as non-empty text, got ""' }),
      ["email"],
      { fields: {}, message: UNTYPED_REFUSAL },
    ],
    ["a refusal that names no field keeps its own plain words", refused(409, { message: "Order 1042 is completed: it cannot become cancelled" }), ["reason"], { fields: {}, message: "as the client wrote it" }],
    ["no answer at all", new Error("The workspace cannot reach the service."), ["email"], { fields: {}, message: "The workspace cannot reach the service." }],
  ])("%s", (_name, error, shown, expected) => {
    expect(refusalOf(error, shown, plain)).toEqual(expected);
  });

  it.each([
    [{ message: 'query.status: expected "pending", "approved" or "rejected", got "x"' }, UNTYPED_REFUSAL],
    [{ message: "body.rush_minutes: expected 0 to 120 minutes, got 130" }, "Enter the extra minutes as a whole number from 0 to 120."],
    [{ message: "Wrong email or password" }, null],
    ["not json", null],
    [null, null],
  ])("ownerMessageOf(%j) = %j", (body, expected) => {
    expect(ownerMessageOf(body)).toBe(expected);
  });
});

describe("the workspace's API client", () => {
  it("throws the owner's sentence, and keeps the field path in the body for whoever reads it as an API client", async () => {
    const body = { message: 'body.email: expected an email address like name@example.com, got "ada@example"' };
    const fetch = jest.fn(async () => ({ ok: false, status: 422, statusText: "Unprocessable Entity", text: async () => JSON.stringify(body) }) as unknown as Response);
    const api = createApi({ base: "/api/", csrfToken: () => "t", onUnauthorized: () => undefined, fetch });
    const error = await api.send("POST", "manage/invitations/", { email: "ada@example", role: "staff" }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ message: "Enter an email address like name@example.com.", status: 422, body });
  });
});
