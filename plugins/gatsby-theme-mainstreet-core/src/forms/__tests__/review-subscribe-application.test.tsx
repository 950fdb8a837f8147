import React from "react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { ApplicationForm } from "../application-form";
import WorkWithUsPage from "../../components/pages/work-with-us";
import { ReviewForm } from "../review-form";
import { SubscribeForm } from "../subscribe-form";
import { dataLayerEvents, fakeFetch, useSample } from "./forms-fixtures";

beforeEach(() => {
  window.dataLayer = [];
});

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const fieldValues = (call: { body: unknown }) => (call.body as { event_data: { fieldValues: Record<string, unknown> } }).event_data.fieldValues;

describe("ReviewForm", () => {
  it("asks for 1 to 5 stars and a text before sending", () => {
    useSample("salon");
    const { fetchMock } = fakeFetch();
    render(<ReviewForm locationId="loc-carrow" />);
    const stars = within(screen.getByRole("group", { name: "Rating" })).getAllByRole("radio");
    expect(stars.map((star) => star.getAttribute("value"))).toEqual(["1", "2", "3", "4", "5"]);
    expect(screen.getByRole("radio", { name: "4 stars" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Send review" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Please fix 2 fields: Rating, Your review.");
    expect(screen.getByRole("group", { name: "Rating" })).toHaveAccessibleDescription("Error: Choose a rating from 1 to 5 stars.");
    expect(screen.getByRole("radio", { name: "1 star" })).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("stores the review through events/website/ pending approval and publishes nothing", async () => {
    const site = useSample("salon");
    const { posts } = fakeFetch((call) => (call.path === "events/website/" ? { status: 201, body: { id: "r1", kind: "review", status: "pending_approval", mail: "queued" } } : undefined));
    render(<ReviewForm locationId="loc-carrow" />);
    fireEvent.click(screen.getByRole("radio", { name: "4 stars" }));
    type("Your review", "Maya fixed my colour in one visit.");
    type("Email (optional)", "ada@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Send review" }));
    await screen.findByText("Thank you for your review.");
    const [call] = posts("events/website/");
    expect(call.body).toMatchObject({
      business_info: { id: site.business.id, type: "generic", name: site.business.name },
      location: { id: "loc-carrow" },
      component_configuration: { type: "review" },
      website: { url: "https://example.test", recipe: "hibiscus" },
    });
    expect(fieldValues(call)).toEqual({ rating: 4, text: "Maya fixed my colour in one visit.", email: "ada@example.com" });
    expect(screen.getByText(/will read it before it appears anywhere/)).toBeInTheDocument();
    expect(screen.queryByText("★★★★")).not.toBeInTheDocument();
    expect(dataLayerEvents()).toEqual([expect.objectContaining({ eventCategory: "Reviews", eventAction: "Submit Review", eventLabel: "4 stars" })]);
  });
});

describe("SubscribeForm", () => {
  const answer = (already: boolean) => (call: { path: string }) =>
    call.path === "events/website/" ? { status: 200, body: { kind: "subscribe", status: "subscribed", already_subscribed: already } } : undefined;

  it("needs a valid email and the visitor's consent", () => {
    useSample("salon");
    fakeFetch();
    render(<SubscribeForm />);
    type("Email", "ada@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    const consent = screen.getByRole("checkbox");
    expect(consent).toHaveAttribute("aria-invalid", "true");
    expect(consent).toHaveAccessibleDescription("Error: Tick the box to agree to receive our emails.");
    expect(consent).toHaveFocus();
  });

  it.each<[string, boolean, string, number]>([
    ["a first sign-up", false, "Thank you, you are subscribed.", 1],
    ["a repeat sign-up is harmless and says so", true, "You are already subscribed.", 0],
  ])("%s", async (_name, already, message, events) => {
    useSample("salon");
    const { posts } = fakeFetch(answer(already));
    render(<SubscribeForm />);
    type("Email", " ada@example.com ");
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    await screen.findByText(message);
    expect(fieldValues(posts("events/website/")[0])).toEqual({ email: "ada@example.com", optIn: true });
    expect(dataLayerEvents()).toHaveLength(events);
    fireEvent.click(screen.getByRole("button", { name: "Subscribe another address" }));
    expect(screen.getByLabelText("Email")).toHaveValue("");
  });
});

describe("ApplicationForm", () => {
  it("checks the phone with the shared rule and sends name, contact, role and message", async () => {
    useSample("salon");
    const { posts } = fakeFetch((call) => (call.path === "events/website/" ? { status: 201, body: { id: "a1", kind: "application", status: "received", mail: "sent" } } : undefined));
    render(<ApplicationForm />);
    type("Name", "Ada Lovelace");
    type("Role", "Senior stylist");
    type("Email", "ada@example.com");
    type("Phone (optional)", "555");
    type("About you", "Twelve years of colour work.");
    fireEvent.click(screen.getByRole("button", { name: "Send application" }));
    expect(screen.getByLabelText("Phone (optional)")).toHaveAccessibleDescription(/With its area code, or \+ and the country code from abroad\. Error: Enter a phone number with its area code/);
    type("Phone (optional)", "(718) 555-0142");
    fireEvent.change(screen.getByLabelText("Preferred location (optional)"), { target: { value: "loc-halden" } });
    fireEvent.click(screen.getByRole("button", { name: "Send application" }));
    await screen.findByText("Thank you, your application is on its way.");
    const [call] = posts("events/website/");
    expect(call.body).toMatchObject({ component_configuration: { type: "application" }, location: { id: "loc-halden" } });
    expect(fieldValues(call)).toEqual({ name: "Ada Lovelace", email: "ada@example.com", phone: "(718) 555-0142", role: "Senior stylist", message: "Twelve years of colour work." });
    expect(dataLayerEvents()).toEqual([expect.objectContaining({ eventCategory: "Contact", eventAction: "Submit Inquiry", eventLabel: "Job application" })]);
  });

  it("shows the field the service refused in its plain sentence, and names it in the form's line", async () => {
    useSample("merchant");
    fakeFetch((call) => (call.path === "events/website/" ? { status: 400, body: { message: "Invalid request", detail: [{ path: "event_data.fieldValues.role", message: "expected at most 100 characters, got \"…\"" }] } } : undefined));
    render(<ApplicationForm />);
    expect(screen.queryByLabelText(/Preferred location/)).not.toBeInTheDocument();
    type("Name", "Ada");
    type("Role", "Potter");
    type("Email", "ada@example.com");
    type("About you", "Hi");
    fireEvent.click(screen.getByRole("button", { name: "Send application" }));
    await waitFor(() => expect(screen.getByLabelText("Role")).toHaveAccessibleDescription(/Error: Enter the role you are applying for, in 100 characters or fewer\.$/));
    expect(screen.getByRole("alert")).toHaveTextContent(/^Please fix 1 field: Role\.$/);
    expect(document.body).not.toHaveTextContent(/expected|event_data/);
    expect(screen.getByLabelText("Name")).toHaveValue("Ada");
  });

  it("shows a phone number the service could not read with the location's country in a plain sentence, not the service's words", async () => {
    useSample("salon");
    fakeFetch((call) =>
      call.path === "events/website/"
        ? { status: 422, body: { message: "event_data.fieldValues.phone: expected a phone number, national for the location's country (US) like (212) 555-0142 or international starting with +, got \"555-0100 12\"", detail: [{ path: "event_data.fieldValues.phone", message: "expected a phone number, national for the location's country (US) like (212) 555-0142 or international starting with +, got \"555-0100 12\"" }] } }
        : undefined,
    );
    render(<ApplicationForm />);
    type("Name", "Ada");
    type("Role", "Potter");
    type("Email", "ada@example.com");
    type("Phone (optional)", "555-0100 12");
    type("About you", "Hi");
    fireEvent.click(screen.getByRole("button", { name: "Send application" }));
    await waitFor(() => expect(screen.getByLabelText("Phone (optional)")).toHaveAccessibleDescription(/Error: Enter a phone number with its area code, or from abroad with \+ and the country code\.$/));
    expect(screen.getByRole("alert")).toHaveTextContent(/^Please fix 1 field: Phone\.$/);
    expect(document.body).not.toHaveTextContent(/expected|event_data|got "/);
  });
});

describe("a refusal of the service, in the visitor's words", () => {
  const refusesEmail = (call: { path: string }) =>
    call.path === "events/website/" ? { status: 422, body: { message: 'event_data.fieldValues.email: expected an email address, got "ada@example.con"' } } : undefined;

  it.each<[string, () => void]>([
    [
      "review",
      () => {
        render(<ReviewForm locationId="loc-carrow" />);
        fireEvent.click(screen.getByRole("radio", { name: "4 stars" }));
        type("Your review", "Lovely cut");
        type("Email (optional)", "ada@example.con");
        fireEvent.click(screen.getByRole("button", { name: "Send review" }));
      },
    ],
    [
      "newsletter",
      () => {
        render(<SubscribeForm />);
        type("Email", "ada@example.con");
        fireEvent.click(screen.getByRole("checkbox"));
        fireEvent.click(screen.getByRole("button", { name: /Subscribe|Sign up/ }));
      },
    ],
  ])("%s: the refused email shows its sentence and the form's line names it; no path or parser words", async (_form, fillAndSend) => {
    useSample("salon");
    fakeFetch(refusesEmail);
    fillAndSend();
    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(email).toHaveAccessibleDescription(/Error: Enter an email address like name@example\.com\.$/));
    expect(screen.getByRole("alert")).toHaveTextContent(/^Please fix 1 field: Email/);
    expect(document.body).not.toHaveTextContent(/event_data|expected|got "/);
    expect(email).toHaveValue("ada@example.con");
  });
});

describe("the careers page", () => {
  const props = { data: { mainstreetBusiness: { name: "Luma" }, mainstreetPage: null, allMainstreetLocation: { nodes: [{ email: "hello@luma.example", contactEmails: [] }] } }, pageContext: { title: "Work with us" } };
  const page = <WorkWithUsPage {...(props as unknown as React.ComponentProps<typeof WorkWithUsPage>)} />;

  it("gives one way to apply: the form, with no note to mail beside it", () => {
    useSample("salon");
    fakeFetch();
    render(page);
    expect(screen.getByRole("form", { name: "Apply to join us" })).toBeInTheDocument();
    expect(screen.queryByText(/send a short note/)).toBeNull();
    expect(screen.queryByRole("link", { name: "hello@luma.example" })).toBeNull();
  });
});
