import React from "react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { ContactForm } from "../contact-form";
import { dataLayerEvents, deferred, fakeFetch, useSample } from "./forms-fixtures";

const CONTACT_PATH = /^businesses\/generics\/luma-hair-beauty\/locations\/([^/]+)\/email\/$/;

beforeEach(() => {
  window.dataLayer = [];
  window.localStorage.clear();
});

function fill(values: Partial<Record<"Name" | "Email" | "Message" | "Subject (optional)", string>>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const submit = () => fireEvent.click(screen.getByRole("button", { name: "Send message" }));

describe("ContactForm", () => {
  it("labels every field and lets the visitor pick among several locations", () => {
    const site = useSample("salon");
    render(<ContactForm />);
    const form = screen.getByRole("form", { name: "Send us a message" });
    for (const label of ["Location", "Name", "Email", "Subject (optional)", "Message"]) expect(within(form).getByLabelText(label)).toBeInTheDocument();
    expect(within(form).getByRole("checkbox", { name: `Send me news and offers from ${site.business.name}` })).not.toBeChecked();
    expect(within(form).getAllByRole("option").map((option) => option.textContent)).toEqual(site.locations.map((location) => location.name ?? `${location.city}, ${location.street}`));
  });

  it("shows each problem next to its field, announces a summary, moves focus to the first, and sends nothing", () => {
    useSample("salon");
    const { fetchMock } = fakeFetch();
    render(<ContactForm />);
    fill({ Email: "ada@example" });
    submit();
    expect(screen.getByRole("alert")).toHaveTextContent("Please fix 3 fields: Name, Email, Message.");
    for (const [label, message] of [
      ["Name", "Enter your name."],
      ["Email", "Enter an email address like name@example.com."],
      ["Message", "Enter your message."],
    ]) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute("aria-invalid", "true");
      expect(field).toHaveAccessibleDescription(`Error: ${message}`);
    }
    expect(screen.getByLabelText("Name")).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
    fill({ Name: "Ada" });
    expect(screen.getByLabelText("Name")).not.toHaveAttribute("aria-invalid");
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
  });

  it("posts once per click to the location's email call with its configured addresses, then confirms", async () => {
    const site = useSample("salon");
    const reply = deferred<{ status: number; body: unknown }>();
    const { posts } = fakeFetch((call) => (CONTACT_PATH.test(call.path) ? reply.promise : undefined));
    render(<ContactForm />);
    const halden = site.locations[1];
    fireEvent.change(screen.getByLabelText("Location"), { target: { value: halden.locationId } });
    fill({ Name: " Ada ", Email: "ada@example.com", "Subject (optional)": "Bridal trial", Message: "Do you have a Saturday in June?" });
    fireEvent.click(screen.getByLabelText(`Send me news and offers from ${site.business.name}`));
    const button = screen.getByRole("button", { name: "Send message" });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(button).toHaveTextContent("Sending…");
    expect(button).toHaveAttribute("aria-disabled", "true");
    await act(async () => reply.resolve({ status: 201, body: { id: "x", status: "received", mail: "queued" } }));
    const sent = posts(`businesses/generics/luma-hair-beauty/locations/${halden.locationId}/email/`);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({
      contact_name: "Ada",
      contact_email: "ada@example.com",
      contact_message: "Do you have a Saturday in June?",
      contact_opt_in: true,
      email_subject: "Bridal trial",
      destination_email: halden.contactEmails[0] ?? halden.email,
    });
    // Without a site key no bot-protection headers are sent (SPEC §6).
    expect(sent[0].headers).not.toHaveProperty("x-recaptcha-token");
    const success = await screen.findByRole("status", { name: "" });
    expect(success).toHaveTextContent("Thank you, your message is on its way.");
    expect(success).toHaveTextContent("will reply to ada@example.com");
    expect(success).toHaveFocus();
    expect(dataLayerEvents()).toEqual([expect.objectContaining({ eventCategory: "Contact", eventAction: "Submit Inquiry" })]);
  });

  it("names the fields the service refuses in the form's order, whatever order the service lists them in", async () => {
    useSample("salon");
    fakeFetch((call) =>
      CONTACT_PATH.test(call.path)
        ? {
            status: 400,
            body: {
              message: "body.contact_message: expected at most 5000 characters, got 5001 (and 1 more problem)",
              detail: [
                { path: "body.contact_message", message: "expected at most 5000 characters, got 5001" },
                { path: "body.contact_name", message: "expected at most 200 characters, got 201" },
              ],
            },
          }
        : undefined,
    );
    render(<ContactForm locationId="loc-carrow" />);
    fill({ Name: "Ada", Email: "ada@example.com", Message: "Hello there" });
    submit();
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(/^Please fix 2 fields: Name, Message\.$/));
    expect(screen.getByLabelText("Name")).toHaveAccessibleDescription("Error: Enter your name.");
    expect(screen.getByLabelText("Message")).toHaveAccessibleDescription("Error: Enter your message.");
    expect(screen.getByLabelText("Name")).toHaveFocus();
  });

  it("keeps everything typed when the service refuses, names the refused field in a plain sentence (never the service's path and parser words), and a retry works", async () => {
    useSample("salon");
    let attempt = 0;
    const { posts } = fakeFetch((call) => {
      if (!CONTACT_PATH.test(call.path)) return undefined;
      attempt += 1;
      if (attempt === 1) return { status: 422, body: { message: "body.contact_email: expected an email address like name@example.com, got \"ada@example.co\"" } };
      if (attempt === 2) return { status: 503, body: { message: "database down" } };
      return { status: 201, body: { id: "x", status: "received", mail: "sent" } };
    });
    render(<ContactForm locationId="loc-carrow" />);
    expect(screen.queryByLabelText("Location")).not.toBeInTheDocument();
    fill({ Name: "Ada", Email: "ada@example.co", Message: "Hello there" });
    submit();
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(/^Please fix 1 field: Email\.$/));
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Error: Enter an email address like name@example.com.");
    expect(document.body).not.toHaveTextContent(/body\.contact_email|expected|got "/);
    expect(screen.getByLabelText("Email")).toHaveFocus();
    expect(screen.getByLabelText("Message")).toHaveValue("Hello there");
    submit();
    // A 5xx shows the generic SPEC §8 message, not the service's internals.
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(/^An error occurred$/));
    expect(screen.getByLabelText("Name")).toHaveValue("Ada");
    submit();
    await screen.findByText("Thank you, your message is on its way.");
    expect(posts("businesses/generics/luma-hair-beauty/locations/loc-carrow/email/").map((call) => (call.body as { destination_emails?: string[] }).destination_emails)).toEqual([
      ["hello@lumahair.example", "carrow@lumahair.example"],
      ["hello@lumahair.example", "carrow@lumahair.example"],
      ["hello@lumahair.example", "carrow@lumahair.example"],
    ]);
  });

  it("says the service is unreachable when offline, keeping the values", async () => {
    useSample("salon");
    (globalThis as { fetch: unknown }).fetch = jest.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    render(<ContactForm locationId="loc-carrow" />);
    fill({ Name: "Ada", Email: "ada@example.com", Message: "Hi" });
    submit();
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("An error occurred"));
    expect(screen.getByLabelText("Message")).toHaveValue("Hi");
    expect(screen.getByRole("button", { name: "Send message" })).not.toHaveAttribute("aria-disabled");
  });

  it("offers another message after success, keeping name and email", async () => {
    useSample("restaurant");
    fakeFetch((call) => (call.method === "POST" ? { status: 201, body: { id: "x", status: "received", mail: "sent" } } : undefined));
    render(<ContactForm />);
    fill({ Name: "Ada", Email: "ada@example.com", Message: "Table for 12?" });
    submit();
    fireEvent.click(await screen.findByRole("button", { name: "Send another message" }));
    expect(screen.getByLabelText("Name")).toHaveValue("Ada");
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
    expect(screen.getByLabelText("Message")).toHaveValue("");
  });
});
