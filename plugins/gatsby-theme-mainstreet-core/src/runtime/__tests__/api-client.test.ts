import { isIdempotencyKey } from "@mainstreet/rules/api/idempotency";
import { RETRY_DELAYS_MS, apiRequest, apiUrl, isApiError } from "../api-client";

function fakeFetch(status: number, body: unknown, statusText = "") {
  const calls: { url: string; init: RequestInit }[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body === undefined ? null : typeof body === "string" ? body : JSON.stringify(body), { status, statusText });
  }) as unknown as typeof fetch;
  return { impl, calls };
}

describe("apiUrl", () => {
  it.each([
    ["orders/", undefined, "/api/", "/api/orders/"],
    ["/orders/abc/", undefined, "/api/", "/api/orders/abc/"],
    ["reservations/slots/", { date: "2026-11-23", location: "loc 1", skip: undefined }, "/api/", "/api/reservations/slots/?date=2026-11-23&location=loc+1"],
    ["orders/", undefined, "https://api.example.com/v1/", "https://api.example.com/v1/orders/"],
  ])("%s %p on %s → %s", (path, query, base, expected) => {
    expect(apiUrl(path, query as Record<string, string> | undefined, base)).toBe(expected);
  });
});

describe("apiRequest", () => {
  it("sends JSON with the bearer token and bot-protection headers", async () => {
    const { impl, calls } = fakeFetch(200, { ok: true });
    const result = await apiRequest<{ ok: boolean }>("orders/x/customers/", { method: "PUT", body: { first_name: "Ada" }, token: "t0k", botProof: { token: "bot", siteKey: "site" } }, impl);
    expect(result).toEqual({ ok: true });
    expect(calls[0].init.method).toBe("PUT");
    expect(calls[0].init.headers).toMatchObject({ authorization: "Bearer t0k", "x-recaptcha-token": "bot", "x-recaptcha-site-key": "site", "content-type": "application/json" });
    expect(calls[0].init.body).toBe('{"first_name":"Ada"}');
  });

  it.each<[number, unknown, string, string]>([
    [400, { message: "email: expected an email address" }, "Bad Request", "email: expected an email address"],
    [409, { detail: "slot is full" }, "Conflict", "slot is full"],
    [404, undefined, "Not Found", "Not Found"],
    [401, "", "", "An error occurred"],
    [500, { message: "db down" }, "Internal Server Error", "An error occurred"],
    [503, { message: "maintenance" }, "Service Unavailable", "An error occurred"],
  ])("status %p → ApiError with the SPEC §8 message", async (status, body, statusText, message) => {
    const { impl } = fakeFetch(status, body, statusText);
    const error = await apiRequest("orders/", { body: {} }, impl).catch((caught: unknown) => caught);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ name: "ApiError", message, status });
  });

  it("turns a network failure into a status-0 ApiError with the generic message", async () => {
    const impl = (async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    await expect(apiRequest("orders/", {}, impl)).rejects.toMatchObject({ status: 0, message: "An error occurred" });
  });
});

describe("safe retries: Idempotency-Key on calls that change an order or checkout", () => {
  /** Answers in turn: an Error is a network failure, a number a status (with Retry-After when [status, seconds]). */
  function scripted(...answers: (Error | number | [number, number])[]) {
    const calls: { url: string; init: RequestInit }[] = [];
    const impl = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
      if (answer instanceof Error) throw answer;
      const [status, retryAfter] = Array.isArray(answer) ? answer : [answer, undefined];
      return new Response(JSON.stringify(status < 300 ? { id: "order-1" } : { message: `status ${status}` }), {
        status,
        headers: retryAfter === undefined ? {} : { "retry-after": String(retryAfter) },
      });
    }) as unknown as typeof fetch;
    const keys = () => calls.map((call) => (call.init.headers as Record<string, string>)["Idempotency-Key"]);
    return { impl, calls, keys };
  }
  const lost = () => new TypeError("Failed to fetch");

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it.each<[string, "GET" | "POST" | "PUT" | "PATCH" | "DELETE", string, boolean]>([
    ["creating an order", "POST", "orders/", true],
    ["adding a line", "POST", "orders/6f9c/items/", true],
    ["changing a line", "PATCH", "orders/items/1b2c/", true],
    ["removing a line", "DELETE", "orders/items/1b2c/", true],
    ["choosing the fulfillment", "PUT", "orders/6f9c/fulfillments/", true],
    ["closing the checkout", "POST", "checkouts/9a/close/", true],
    ["reading the order", "GET", "orders/6f9c/", false],
    ["sending the contact form", "POST", "businesses/restaurants/x/locations/y/email/", false],
  ])("%s: a key %s", async (_name, method, path, keyed) => {
    const { impl, keys } = scripted(200);
    await apiRequest(path, { method, body: method === "GET" || method === "DELETE" ? undefined : {} }, impl);
    expect(isIdempotencyKey(keys()[0])).toBe(keyed);
  });

  it("makes a fresh key for each call (each visitor action)", async () => {
    const { impl, keys } = scripted(201);
    await apiRequest("orders/6f9c/items/", { method: "POST", body: {} }, impl);
    await apiRequest("orders/6f9c/items/", { method: "POST", body: {} }, impl);
    expect(new Set(keys()).size).toBe(2);
  });

  it("sends a lost call again with the same key, after the retry delays", async () => {
    const { impl, calls, keys } = scripted(lost(), lost(), 201);
    const pending = apiRequest<{ id: string }>("orders/6f9c/items/", { method: "POST", body: { line_items: [] } }, impl);
    await jest.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]);
    expect(calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(RETRY_DELAYS_MS[1]);
    await expect(pending).resolves.toEqual({ id: "order-1" });
    expect(calls).toHaveLength(3);
    expect(new Set(keys()).size).toBe(1);
    expect(calls.map((call) => call.init.body)).toEqual(Array(3).fill('{"line_items":[]}'));
  });

  it.each<[string, [number, number]]>([
    ["a repeat still running (409 with Retry-After)", [409, 1]],
    ["a restarting service (503 with Retry-After)", [503, 2]],
  ])("waits out %s and sends the same key again", async (_name, answer) => {
    const { impl, calls, keys } = scripted(answer, 200);
    const pending = apiRequest("checkouts/", { method: "POST", body: {}, idempotencyKey: "caller-chosen-key-0001" }, impl);
    await jest.advanceTimersByTimeAsync(answer[1] * 1000 - 1);
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    await pending;
    expect(keys()).toEqual(["caller-chosen-key-0001", "caller-chosen-key-0001"]);
  });

  it("gives up after its retries with the generic message", async () => {
    const { impl, calls } = scripted(lost());
    const pending = apiRequest("orders/6f9c/items/", { method: "POST", body: {} }, impl).catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0));
    expect(await pending).toMatchObject({ status: 0, message: "An error occurred" });
    expect(calls).toHaveLength(1 + RETRY_DELAYS_MS.length);
  });

  it.each<[string, number | [number, number], string, "POST" | "GET"]>([
    ["a refusal without Retry-After", 409, "orders/6f9c/items/", "POST"],
    ["a 503 without Retry-After", 503, "orders/6f9c/items/", "POST"],
    ["a lost contact form (it does not honour keys)", 0, "businesses/restaurants/x/locations/y/email/", "POST"],
    ["a lost read", 0, "orders/6f9c/", "GET"],
  ])("does not retry %s", async (_name, answer, path, method) => {
    // Nothing waits here, so the clock stays real (reading an error body needs it).
    jest.useRealTimers();
    const { impl, calls } = scripted(answer === 0 ? lost() : answer);
    await expect(apiRequest(path, { method, body: method === "POST" ? {} : undefined }, impl)).rejects.toMatchObject({ name: "ApiError" });
    expect(calls).toHaveLength(1);
  });
});
