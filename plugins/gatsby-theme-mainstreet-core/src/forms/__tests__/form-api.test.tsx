import { apiError } from "@mainstreet/rules/api/api-error";
import { GENERAL_REFUSAL } from "@mainstreet/rules/forms/field-sentences";
import { withFieldErrors } from "../form-api";

type Values = { email: string; message: string };
const PATHS = { "body.contact_email": "email", "body.message": "message" } as const;

describe("withFieldErrors (a call's refusal as the form's)", () => {
  it("passes an answer through", async () => {
    await expect(withFieldErrors<string, Values>(Promise.resolve("ok"), PATHS)).resolves.toBe("ok");
  });

  it.each<[string, unknown, { message: string; errors?: Partial<Values> }]>([
    [
      "a validation reply lands on the fields it names, in the field's sentence; the form's line is left to the form",
      apiError("body.contact_email: expected an email", 422, { message: "x", detail: [{ path: "body.contact_email", message: 'expected an email address, got "ada@example"' }] }),
      { message: "", errors: { email: "Enter an email address like name@example.com." } },
    ],
    [
      "a refused path the form does not show gets the general sentence, never the path's text",
      apiError('business_info.id: no business "x" here', 422, { message: 'business_info.id: no business "x" here' }),
      { message: GENERAL_REFUSAL, errors: {} },
    ],
    ["a refusal in plain words that names no field is the form's message", apiError("That time is fully booked", 409, { message: "That time is fully booked" }), { message: "That time is fully booked" }],
    ["a message that is a path's text with no body to read reads as the general sentence", apiError("body.x: expected a string, got 3", 400, undefined), { message: GENERAL_REFUSAL }],
    ["anything else keeps its message", new Error("Network down"), { message: "Network down" }],
  ])("%s", async (_label, failure, expected) => {
    await expect(withFieldErrors<string, Values>(Promise.reject(failure), PATHS)).rejects.toEqual(expected);
  });
});
