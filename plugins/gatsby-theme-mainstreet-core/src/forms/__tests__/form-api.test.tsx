import { apiError } from "@mainstreet/rules/api/api-error";
import { withFieldErrors } from "../form-api";

type Values = { email: string; message: string };
const PATHS = { "body.contact_email": "email", "body.message": "message" } as const;

describe("withFieldErrors (a call's refusal as the form's)", () => {
  it("passes an answer through", async () => {
    await expect(withFieldErrors<string, Values>(Promise.resolve("ok"), PATHS)).resolves.toBe("ok");
  });

  it.each<[string, unknown, { message: string; errors?: Partial<Values> }]>([
    [
      "a validation reply lands on the fields it names",
      apiError("body.contact_email: expected an email", 422, { message: "x", detail: [{ path: "body.contact_email", message: "expected an email address" }] }),
      { message: "body.contact_email: expected an email", errors: { email: "Expected an email address." } },
    ],
    ["a refusal that names no field is the form's message", apiError("The service is restarting", 503, { message: "The service is restarting" }), { message: "The service is restarting", errors: {} }],
    ["anything else keeps its message", new Error("Network down"), { message: "Network down" }],
  ])("%s", async (_label, failure, expected) => {
    await expect(withFieldErrors<string, Values>(Promise.reject(failure), PATHS)).rejects.toEqual(expected);
  });
});
