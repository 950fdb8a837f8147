import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { errorReply } from "../src/http/errors";

/** An error as Fastify raises it: a message, its code and, for client errors, the status it suggests. */
const fastifyError = (code: string | undefined, message: string, statusCode?: number) => Object.assign(new Error(message), { code, statusCode });

/**
 * What the API answers for Fastify's own refusals and other errors that reach the handler: one status and
 * one plain sentence each, never Fastify's internal wording except where it names what is wrong with the JSON.
 */
describe("errorReply: Fastify's refusals", () => {
  const cases: [string, Error, number, string][] = [
    ["an unsupported media type", fastifyError("FST_ERR_CTP_INVALID_MEDIA_TYPE", "x", 415), 415, "Unsupported Content-Type: send the body as application/json"],
    ["a body over the limit", fastifyError("FST_ERR_CTP_BODY_TOO_LARGE", "x", 413), 413, "Request body is too large: this API accepts at most 64 KB"],
    ["an empty JSON body", fastifyError("FST_ERR_CTP_EMPTY_JSON_BODY", "x", 400), 400, "Request body is empty but Content-Type is application/json: send a JSON object"],
    ["a wrong Content-Length", fastifyError("FST_ERR_CTP_INVALID_CONTENT_LENGTH", "x", 400), 400, "Content-Length does not match the request body"],
    ["a malformed url", fastifyError("FST_ERR_BAD_URL", "x", 400), 400, "The URL is not valid: its path has a malformed percent-encoded character"],
    ["a path part over the limit", fastifyError("FST_ERR_MAX_PARAM_LENGTH", "x", 414), 414, "The URL path is too long: one of its parts is longer than any id this API uses"],
    ["a failed route constraint", fastifyError("FST_ERR_ASYNC_CONSTRAINT", "x", 500), 400, "The request could not be routed"],
    ["invalid JSON, by code", fastifyError("FST_ERR_CTP_INVALID_JSON_BODY", "Unexpected token } at 9", 400), 400, "Request body is not valid JSON: Unexpected token } at 9"],
    ["invalid JSON, as a SyntaxError", new SyntaxError("Unexpected end of JSON input"), 400, "Request body is not valid JSON: Unexpected end of JSON input"],
    ["a 400 that names JSON", fastifyError(undefined, "Body is not JSON", 400), 400, "Request body is not valid JSON: Body is not JSON"],
    ["too many requests with its own sentence", fastifyError(undefined, "Rate limit exceeded, retry in 1 minute", 429), 429, "Rate limit exceeded, retry in 1 minute"],
    ["too many requests without one", fastifyError(undefined, "", 429), 429, "Too many requests: wait a minute and try again"],
    ["another client error keeps its status and sentence", fastifyError("FST_ERR_NOT_FOUND", "Route GET:/x not found", 404), 404, "Route GET:/x not found"],
    ["a deadlock PostgreSQL broke by failing this transaction", Object.assign(new Error("deadlock detected"), { code: "40P01" }), 503, "The service is busy: nothing was changed. Try again in a moment."],
    ["a serialization failure", Object.assign(new Error("could not serialize access"), { code: "40001" }), 503, "The service is busy: nothing was changed. Try again in a moment."],
    ["another database fault", Object.assign(new Error("relation does not exist"), { code: "42P01" }), 500, "The service failed to handle this request; nothing was changed. Try again later."],
    ["anything else", new Error("socket hang up"), 500, "The service failed to handle this request; nothing was changed. Try again later."],
  ];
  for (const [name, error, status, message] of cases) {
    it(`${name}: ${status}`, () => {
      assert.deepEqual(errorReply(error), { status, body: { message } });
    });
  }
});
