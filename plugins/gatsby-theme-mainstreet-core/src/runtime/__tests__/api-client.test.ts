import { ApiError, apiRequest, apiUrl } from "../api-client";

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
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(message);
    expect((error as ApiError).status).toBe(status);
  });

  it("turns a network failure into a status-0 ApiError with the generic message", async () => {
    const impl = (async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    await expect(apiRequest("orders/", {}, impl)).rejects.toMatchObject({ status: 0, message: "An error occurred" });
  });
});
