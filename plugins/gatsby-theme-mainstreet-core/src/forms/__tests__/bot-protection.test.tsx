import React from "react";
import { fireEvent, render, screen } from "@testing-library/react";
import { ContactForm } from "../contact-form";
import { SubscribeForm } from "../subscribe-form";
import { fakeFetch, useSample } from "./forms-fixtures";

// The enterprise script itself is tested in the runtime folder; here: each form asks for a token with its own action.
jest.mock("../../runtime/bot-protection", () => {
  const actual = jest.requireActual("../../runtime/bot-protection");
  return { ...actual, getBotProof: jest.fn(async (action: string) => ({ token: `token-for-${action}`, siteKey: "site-key-1" })) };
});

describe("bot protection headers (SPEC §6)", () => {
  it.each<[string, () => React.ReactElement, (fill: (label: string, value: string) => void) => void, string, RegExp]>([
    [
      "contact",
      () => <ContactForm locationId="loc-carrow" />,
      (fill) => {
        fill("Name", "Ada");
        fill("Email", "ada@example.com");
        fill("Message", "Hi");
      },
      "contact_form",
      /\/email\/$/,
    ],
    [
      "subscribe",
      () => <SubscribeForm />,
      (fill) => {
        fill("Email", "ada@example.com");
        fireEvent.click(screen.getByRole("checkbox"));
      },
      "subscribe_form",
      /^events\/website\/$/,
    ],
  ])("the %s form sends the token made for its action and the site key", async (_name, ui, complete, action, path) => {
    useSample("salon");
    const { calls } = fakeFetch((call) => (call.method === "POST" ? { status: 201, body: { id: "x", status: "received", mail: "queued", already_subscribed: false } } : undefined));
    render(ui());
    complete((label, value) => fireEvent.change(screen.getByLabelText(label), { target: { value } }));
    fireEvent.click(screen.getByRole("button", { name: /Send message|Subscribe/ }));
    await screen.findByText(/Thank you/);
    const sent = calls.filter((call) => call.method === "POST");
    expect(sent).toHaveLength(1);
    expect(sent[0].path).toMatch(path);
    expect(sent[0].headers).toMatchObject({ "x-recaptcha-token": `token-for-${action}`, "x-recaptcha-site-key": "site-key-1" });
  });
});
