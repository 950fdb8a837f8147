import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { API, call, createWorkspaceContext, manageCall, type Json, type MerchantRef, type TestContext } from "./helpers";
import { event } from "./routes";

/** Contact messages and job applications in the workspace, sent through the site's own forms, on both engines. */

let ctx: TestContext;
let staff: MerchantRef;
let otherOwner: MerchantRef;
const ids = { contact: "", application: "" };

before(async () => {
  ({ ctx, staff, otherOwner } = await createWorkspaceContext());
  const contact = await call<Json>(ctx.app, "POST", `${API}/businesses/restaurants/fixture-bistro/locations/loc-main/email/`, {
    body: { contact_name: "Grace Hopper", contact_email: "grace@example.com", contact_message: "Do you cater for 40?", email_subject: "Catering" },
  });
  assert.equal(contact.status, 201, JSON.stringify(contact.body));
  const application = await call<Json>(ctx.app, "POST", `${API}/events/website/`, {
    body: event("application", { name: "Alan Turing", email: "alan@example.com", phone: "212-555-0142", role: "Line cook", message: "Five years on the grill." }),
  });
  assert.ok(application.status < 300, JSON.stringify(application.body));
  const { rows } = await ctx.db.query<{ id: string; kind: string }>("SELECT id, kind FROM form_submissions WHERE kind IN ('contact', 'application')");
  ids.contact = rows.find((row) => row.kind === "contact")?.id as string;
  ids.application = rows.find((row) => row.kind === "application")?.id as string;
});
after(() => ctx.close());

describe("messages and applications", () => {
  it("lists both kinds newest first, each with what the visitor wrote, unread", async () => {
    const reply = await manageCall<Json>(ctx.app, "GET", "messages/", staff);
    assert.equal(reply.status, 200);
    const byKind = new Map(reply.body.messages.map((message: Json) => [message.kind, message]));
    assert.deepEqual(byKind.get("contact"), {
      id: ids.contact,
      kind: "contact",
      created_at: (byKind.get("contact") as Json).created_at,
      location_id: "loc-main",
      read_at: null,
      name: "Grace Hopper",
      email: "grace@example.com",
      subject: "Catering",
      message: "Do you cater for 40?",
    });
    const application = byKind.get("application") as Json;
    assert.deepEqual(
      [application.id, application.name, application.email, application.phone, application.role, application.message, application.read_at],
      [ids.application, "Alan Turing", "alan@example.com", "212-555-0142", "Line cook", "Five years on the grill.", null],
    );
  });

  it("filters by kind and refuses an unknown one", async () => {
    const applications = await manageCall<Json>(ctx.app, "GET", "messages/?kind=application", staff);
    assert.deepEqual(
      applications.body.messages.map((message: Json) => message.kind),
      ["application"],
    );
    const bad = await manageCall<Json>(ctx.app, "GET", "messages/?kind=review", staff);
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /^query\.kind: expected "contact" or "application"/);
  });

  it("marks a message read once (a repeat keeps the first time), and never another business's", async () => {
    assert.equal((await manageCall(ctx.app, "POST", `messages/${ids.contact}/read/`, otherOwner)).status, 403);
    assert.equal((await manageCall(ctx.app, "POST", `messages/0b6a3f5e-8c1d-4e2f-9a7b-1c2d3e4f5a6b/read/`, staff)).status, 403);
    assert.equal((await manageCall(ctx.app, "GET", "messages/", otherOwner)).body.messages.length, 0);
    const first = await manageCall(ctx.app, "POST", `messages/${ids.contact}/read/`, staff);
    assert.equal(first.status, 204);
    const readAt = (await manageCall<Json>(ctx.app, "GET", "messages/?kind=contact", staff)).body.messages[0].read_at;
    assert.equal(typeof readAt, "string");
    assert.equal((await manageCall(ctx.app, "POST", `messages/${ids.contact}/read/`, staff)).status, 204);
    assert.equal((await manageCall<Json>(ctx.app, "GET", "messages/?kind=contact", staff)).body.messages[0].read_at, readAt);
  });
});
