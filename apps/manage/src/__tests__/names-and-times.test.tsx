import { act, fireEvent, screen, within } from "@testing-library/react";
import { NOW, fakeService, ticket } from "./fake-service";
import { openStream, renderApp } from "./render-app";

/**
 * Every time on the location's clock (the device here is on UTC, the business in New York), and a person
 * who gave no name called "A guest", never a gap ("on The Pier", "Approve the review by").
 */

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
});
afterEach(() => {
  jest.useRealTimers();
});

async function open(hash: string, service: ReturnType<typeof fakeService>) {
  renderApp(service, hash);
  await openStream();
  return service;
}

const message = (id: string, kind: "contact" | "application", extra: Record<string, unknown> = {}) => ({
  id,
  kind,
  created_at: "2030-06-04T16:06:00Z",
  location_id: "loc-main",
  name: `Sender ${id}`,
  email: `${id}@example.com`,
  message: `Hello from ${id}`,
  read_at: null,
  ...extra,
});

describe("times", () => {
  it("a job application, which names no location, is on the business's clock like a message, the zone named on a device elsewhere", async () => {
    const service = fakeService({ messages: [message("m1", "contact", { subject: "Catering" }), message("a1", "application", { location_id: null, role: "Line cook" })] });
    await open("#/messages", service);
    const contact = await screen.findByRole("article", { name: "Catering" });
    expect(contact).toHaveTextContent("Tue, Jun 4 12:06 PM EDT");
    fireEvent.click(screen.getByRole("link", { name: "Job applications" }));
    await act(async () => {
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    });
    const application = await screen.findByRole("article", { name: "Sender a1, for Line cook" });
    expect(application).toHaveTextContent("Tue, Jun 4 12:06 PM EDT");
    expect(application).not.toHaveTextContent("4:06 PM");
  });
});

describe("people who gave no name", () => {
  it("a review: 'A guest' in its heading, its buttons name what it is about", async () => {
    const review = (id: string, extra: Record<string, unknown>) => ({ id, status: "pending" as const, rating: 5, text: `Review ${id}`, name: null, email: null, created_at: "2030-06-01T10:00:00Z", decided_at: null, ...extra });
    const service = await open("#/reviews", fakeService({ reviews: [review("r1", { location_id: "loc-pier" }), review("r2", { item_id: "margherita", item_name: "Margherita", name: "  " })] }));
    const pier = await screen.findByRole("article", { name: "A guest on The Pier" });
    expect(within(pier).getByRole("button", { name: "Approve this review from The Pier" })).toBeInTheDocument();
    expect(within(pier).getByRole("button", { name: "Reject this review from The Pier" })).toBeInTheDocument();
    expect(within(pier).queryByRole("link")).not.toBeInTheDocument();
    const item = screen.getByRole("article", { name: "A guest on Margherita" });
    await act(async () => {
      fireEvent.click(within(item).getByRole("button", { name: "Approve this review of Margherita" }));
    });
    expect(service.callsTo("POST", "manage/reviews/r2/decision/")[0].body).toEqual({ decision: "approve" });
  });

  it("a message and an application without a name", async () => {
    await open("#/messages", fakeService({ messages: [message("m1", "contact", { name: "" })] }));
    const card = await screen.findByRole("article", { name: "Message from a guest" });
    expect(within(card).getByRole("button", { name: "Mark read (Message from a guest)" })).toBeInTheDocument();
    expect(card).toHaveTextContent(/^Message from a guestUnreadA guest · m1@example\.com/);
  });

  it("a booking without a name", async () => {
    const booking = { id: "b", reference: "R-b", location_id: "loc-main", starts_at: "2030-06-04T19:00:00-04:00", party_size: 2, name: "", email: "b@example.com", phone: null, notes: "", service_name: null, team_member_name: null, status: "confirmed" as const, created_at: "2030-06-01T10:00:00Z" };
    await open("#/reservations", fakeService({ reservations: [booking] }));
    const card = await screen.findByRole("article", { name: "7:00 PM EDT · A guest" });
    fireEvent.click(within(card).getByRole("button", { name: "Cancel the booking of a guest at 7:00 PM EDT" }));
    expect(screen.getByRole("dialog", { name: "Cancel the booking of a guest?" })).toBeInTheDocument();
  });

  it("an order whose customer gave no name", async () => {
    const order = ticket({ customer: { first_name: "", last_name: " ", email: "x@example.com", phone: "" } });
    await open("#/orders", fakeService({ orders: [order] }));
    const card = await screen.findByRole("article", { name: `Order ${order.number}` });
    expect(within(card).getByText("Customer").nextElementSibling).toHaveTextContent(/^A guest$/);
  });
});
