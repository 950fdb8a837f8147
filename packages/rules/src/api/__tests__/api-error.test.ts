import { type ApiErrorResponse, apiError, apiErrorMessage, isApiError } from "../api-error";

describe("apiErrorMessage (SPEC §8)", () => {
  it.each<[string, ApiErrorResponse, string | undefined, string]>([
    ["500 shows the fallback even with a message", { status: 500, body: { message: "stack trace here" } }, undefined, "An error occurred"],
    ["503 with a custom fallback", { status: 503, statusText: "Service Unavailable" }, "Try again soon", "Try again soon"],
    ["4xx message first", { status: 400, statusText: "Bad Request", body: { message: "Card declined", detail: "x" } }, undefined, "Card declined"],
    ["else detail", { status: 404, statusText: "Not Found", body: { detail: "Order not found" } }, undefined, "Order not found"],
    ["else status text", { status: 409, statusText: "Conflict", body: {} }, undefined, "Conflict"],
    ["else the fallback", { status: 400, body: null }, undefined, "An error occurred"],
    ["blank message is skipped", { status: 422, statusText: "Unprocessable", body: { message: "  ", detail: "Slot is full" } }, undefined, "Slot is full"],
    ["a JSON text body", { status: 400, body: '{"detail":"Outside opening hours"}' }, undefined, "Outside opening hours"],
    ["a non-JSON text body is not shown", { status: 400, statusText: "Bad Request", body: "<html>oops</html>" }, undefined, "Bad Request"],
    ["a list of messages", { status: 400, body: { message: ["Email is invalid.", "Phone is invalid."] } }, undefined, "Email is invalid. Phone is invalid."],
    ["a non-text message is skipped", { status: 400, statusText: "Bad Request", body: { message: { field: "x" } } }, undefined, "Bad Request"],
    ["499 is not a server error", { status: 499, body: { message: "Client closed" } }, undefined, "Client closed"],
  ])("%s", (_name, res, fallback, expected) => {
    expect(apiErrorMessage(res, fallback)).toBe(expected);
  });
});

describe("apiError / isApiError", () => {
  it("makes an Error that carries the status and the body the service sent", () => {
    const error = apiError("Slot is full", 409, { detail: "Slot is full" });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: "ApiError", message: "Slot is full", status: 409, body: { detail: "Slot is full" } });
    expect(isApiError(error)).toBe(true);
  });

  it.each<[string, unknown]>([
    ["a plain Error", new Error("boom")],
    ["an Error named ApiError without a status", Object.assign(new Error("x"), { name: "ApiError" })],
    ["an object shaped like one", { name: "ApiError", message: "x", status: 409 }],
    ["nothing", undefined],
  ])("tells %s from a refused call", (_name, value) => {
    expect(isApiError(value)).toBe(false);
  });
});
