import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSmtpMailer } from "../src/mail/mailer";
import { flushOutbox } from "../src/mail/outbox";
import { startSmtpPeer } from "./smtp-peer";
import { API, call, createOrder, createTestContext, prepareForCheckout, type Json, type TestContext } from "./helpers";

/** Unfolds header lines and decodes quoted-printable soft breaks, enough to read what was sent. */
function readable(raw: string): string {
  // Headers fold with a line break before white space; a quoted-printable body breaks lines with "=" at the
  // end, and a soft break may fall just before a space, so the two are undone separately.
  const split = raw.indexOf("\r\n\r\n");
  const [head, body] = split < 0 ? [raw, ""] : [raw.slice(0, split), raw.slice(split)];
  const unfolded = head.replace(/\r\n[ \t]+/g, " ") + body.replace(/=\r\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < unfolded.length; index += 1) {
    const hex = unfolded[index] === "=" ? unfolded.slice(index + 1, index + 3) : "";
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(unfolded[index], "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

describe("mail through a real SMTP peer", () => {
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  let ctx: TestContext;
  before(async () => {
    peer = await startSmtpPeer();
    ctx = await createTestContext({ mailer: createSmtpMailer(peer.url), env: { MAIL_FROM: "Mainstreet <orders@mainstreet.example>" } });
  });
  after(async () => {
    await ctx.close();
    await peer.close();
  });

  it("delivers the contact form to the location's contact emails with the visitor as Reply-To", async () => {
    const reply = await call<Json>(ctx.app, "POST", `${API}/businesses/restaurants/fixture-bistro/locations/loc-main/email/`, {
      body: { contact_name: "Ann Visitor", contact_email: "ann@example.com", contact_message: "Table for 12 on Friday?", email_subject: "Group booking", destination_email: "events@bistro.example" },
    });
    assert.equal(reply.status, 201);
    assert.equal(reply.body.mail, "sent");
    const message = peer.received.at(-1)!;
    assert.equal(message.from, "orders@mainstreet.example");
    assert.deepEqual(message.to, ["events@bistro.example"]);
    const text = readable(message.raw);
    assert.match(text, /^Subject: Group booking$/m);
    assert.match(text, /^Reply-To: ann@example\.com$/m);
    assert.match(text, /Table for 12 on Friday\?/);
    const { rows } = await ctx.db.query<Json>("SELECT status, message_id, attempts FROM outbox WHERE submission_id = $1", [reply.body.id]);
    assert.equal(rows[0].status, "sent");
    assert.equal(rows[0].attempts, 1);
    assert.match(rows[0].message_id, /^<.+>$/);
  });

  it("mails the merchant's ticket and the customer's receipt when an order is placed", async () => {
    const before = peer.received.length;
    const order = await createOrder(ctx.app);
    await prepareForCheckout(ctx.app, order);
    const started = await call<Json>(ctx.app, "POST", `${API}/checkouts/`, { token: order.session_token, body: { order_uuid: order.id } });
    const closed = await call<Json>(ctx.app, "POST", `${API}/checkouts/${started.body.id}/close/`, { token: order.session_token });
    assert.equal(closed.body.order_status, "placed");
    const sent = peer.received.slice(before);
    assert.deepEqual(
      sent.map((message) => message.to),
      [["owner@bistro.example", "events@bistro.example", "hello@bistro.example"], ["ada@example.com"]],
    );
    assert.match(readable(sent[0].raw), /2 × House Burger \(Single; Medium, Cheddar\): \$27\.00/);
    // Both mails state the promise on the location's wall clock, with its zone.
    for (const message of sent) assert.match(readable(message.raw), /\r\nReady for pickup on Tuesday 4 June 2030 at 12:20pm \(EDT\) \(as soon as possible\)\r\n/);
    assert.match(readable(sent[1].raw), new RegExp(`Subject: Your order ${closed.body.order_number} at Fixture Bistro`));
  });
});

describe("mail when the SMTP peer refuses", () => {
  it("keeps the submission, marks the mail failed, and a later flush delivers it", async () => {
    const refusing = await startSmtpPeer({ refuse: true });
    const ctx = await createTestContext({ mailer: createSmtpMailer(refusing.url) });
    try {
      const reply = await call<Json>(ctx.app, "POST", `${API}/businesses/restaurants/fixture-bistro/locations/loc-harbor/email/`, {
        body: { contact_name: "Bo", contact_email: "bo@example.com", contact_message: "Open on Sunday?" },
      });
      assert.equal(reply.status, 201, "the visitor's message is stored even though mail failed");
      assert.equal(reply.body.mail, "failed");
      const failed = await ctx.db.query<Json>("SELECT status, last_error FROM outbox WHERE submission_id = $1", [reply.body.id]);
      assert.equal(failed.rows[0].status, "failed");
      assert.match(failed.rows[0].last_error, /Mailbox unavailable/);

      const working = await startSmtpPeer();
      try {
        const sent = await flushOutbox(ctx.db, createSmtpMailer(working.url), ctx.app.log);
        assert.equal(sent, 1);
        assert.deepEqual(working.received[0].to, ["harbor@bistro.example"]);
        const after = await ctx.db.query<Json>("SELECT status, attempts FROM outbox WHERE submission_id = $1", [reply.body.id]);
        assert.deepEqual(after.rows[0], { status: "sent", attempts: 2 });
      } finally {
        await working.close();
      }
    } finally {
      await ctx.close();
      await refusing.close();
    }
  });
});
