import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { CSRF, FakeEventSource, NOW, fakeService, ticket } from "./fake-service";
import { openStream, renderApp } from "./render-app";
import { TICKETS_AT_ONCE, revealedAfter } from "../orders/revealed";

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
});
afterEach(() => {
  jest.useRealTimers();
});

const orderCard = (number: string) => screen.getByRole("article", { name: `Order ${number}` });

/** The order queue open on a service holding one placed order, its ticket shown. */
async function queueWithOneTicket() {
  const order = ticket();
  const service = fakeService({ orders: [order] });
  renderApp(service);
  await openStream();
  await screen.findByRole("article", { name: `Order ${order.number}` });
  return { order, service };
}

describe("the order queue", () => {
  it("lists the active orders with lines, modifiers, notes, the promise on the location's clock and the customer", async () => {
    const delivery = ticket({
      fulfillment: {
        method: "delivery",
        address: { street_address: "1200 Frankford Ave", extended_address: "Apt 3", locality: "Philadelphia", administrative_area_level_1: "PA", postal_code: "19125", country: "US" },
      },
      promised_at: "2030-06-04T12:45:00.000-04:00",
      promised_until: "2030-06-04T13:15:00.000-04:00",
    });
    const pickup = ticket();
    const service = fakeService({ orders: [delivery, pickup, ticket({ status: "completed" })] });
    renderApp(service);
    await openStream();
    const cards = await screen.findAllByRole("article");
    expect(cards.map((card) => within(card).getByRole("heading").textContent)).toEqual([`Order ${pickup.number}`, `Order ${delivery.number}`]);
    const first = orderCard(pickup.number);
    expect(first).toHaveTextContent("Ready for pickup by 12:30 PM EDT");
    expect(first).toHaveTextContent("2 × Margherita (Large)");
    expect(first).toHaveTextContent("Extra basil");
    expect(first).toHaveTextContent("Note: “Well done”");
    expect(first).toHaveTextContent("Order instructions: “Ring the bell”");
    expect(within(first).getByRole("link", { name: "215-555-0142" })).toHaveAttribute("href", "tel:2155550142");
    expect(within(first).getByRole("link", { name: "ada@example.com" })).toHaveAttribute("href", "mailto:ada@example.com");
    expect(first).toHaveTextContent("$44.90");
    const second = orderCard(delivery.number);
    expect(second).toHaveTextContent("Deliver 12:45 PM – 1:15 PM EDT");
    expect(second).toHaveTextContent("1200 Frankford Ave, Apt 3");
    expect(second).toHaveTextContent("Philadelphia, PA 19125");
    expect(screen.getByRole("link", { name: "Active (2)" })).toHaveAttribute("aria-current", "page");
  });

  it("a new order from the stream appears at once, highlighted, announced and chimed when sound is on", async () => {
    const service = fakeService();
    const { sound } = renderApp(service);
    const source = await openStream();
    expect(await screen.findByText(/No orders waiting/)).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Turn on sound" }));
    });
    expect(screen.getByRole("button", { name: "Turn off sound" })).toBeInTheDocument();
    const chimesBefore = sound.chimes;
    const order = ticket();
    await act(async () => source.send("order", order));
    const card = orderCard(order.number);
    expect(card).toHaveClass("ticket--arrived");
    expect(within(card).getByText("New")).toBeInTheDocument();
    expect(sound.chimes).toBe(chimesBefore + 1);
    await act(async () => {
      jest.advanceTimersByTime(100);
    });
    expect(screen.getByText(`New order ${order.number} for pickup.`)).toBeInTheDocument();
    expect(document.title).toBe("(1) Orders · Fixture Bistro workspace");
    expect(screen.getByRole("link", { name: /Orders 1 waiting/ })).toBeInTheDocument();
    // The same order again (a resend after a reconnect) does not ring twice.
    await act(async () => source.send("order", order));
    expect(sound.chimes).toBe(chimesBefore + 1);
    // While it waits, the chime comes back.
    await act(async () => {
      jest.advanceTimersByTime(30_000);
    });
    expect(sound.chimes).toBe(chimesBefore + 2);
  });

  it("Accept → Ready → Completed: each press posts the status with the CSRF token and an idempotency key", async () => {
    const { order, service } = await queueWithOneTicket();
    for (const [label, status, badge] of [
      ["Accept", "accepted", "Accepted"],
      ["Ready", "ready", "Ready"],
    ] as const) {
      await act(async () => {
        fireEvent.click(screen.getByRole("button", { name: `${label} order ${order.number}` }));
      });
      await waitFor(() => expect(within(orderCard(order.number)).getByText(badge, { selector: ".badge" })).toBeInTheDocument());
      const post = service.callsTo("POST", `manage/orders/${order.id}/status/`).at(-1);
      expect(post?.body).toEqual({ status });
      expect(post?.headers["X-CSRF-Token"]).toBe(CSRF);
      expect(post?.headers["Idempotency-Key"]).toMatch(/^[0-9a-f]{32}$/);
    }
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: `Completed order ${order.number}` }));
    });
    await waitFor(() => expect(screen.queryByRole("article", { name: `Order ${order.number}` })).not.toBeInTheDocument());
    expect(service.state.orders[0].status).toBe("completed");
  });

  it("a move the service refuses shows its message on the ticket", async () => {
    const { order, service } = await queueWithOneTicket();
    service.force("POST", /status\/$/, { status: 409, body: { message: `Order ${order.number} is cancelled: it cannot become accepted` } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: `Accept order ${order.number}` }));
    });
    expect(await within(orderCard(order.number)).findByRole("alert")).toHaveTextContent(`Order ${order.number} is cancelled: it cannot become accepted`);
  });

  it("Cancel asks in a dialog for a reason, then cancels with it", async () => {
    const order = ticket({ status: "accepted" });
    const service = fakeService({ orders: [order] });
    renderApp(service);
    await openStream();
    await screen.findByRole("article", { name: `Order ${order.number}` });
    fireEvent.click(screen.getByRole("button", { name: `Cancel order ${order.number}` }));
    const dialog = screen.getByRole("dialog", { name: `Cancel order ${order.number}?` });
    fireEvent.click(within(dialog).getByRole("radio", { name: "Another reason" }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    });
    const reason = within(dialog).getByLabelText("Reason for the customer");
    expect(reason).toHaveAccessibleDescription("Write why the order is cancelled, in at most 500 characters: the customer reads it.");
    expect(reason).toHaveFocus();
    expect(service.callsTo("POST", `manage/orders/${order.id}/status/`)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText("Reason for the customer"), { target: { value: "Oven broke down" } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    });
    expect(service.callsTo("POST", `manage/orders/${order.id}/status/`)[0].body).toEqual({ status: "cancelled", reason: "Oven broke down" });
    await waitFor(() => expect(screen.queryByRole("article", { name: `Order ${order.number}` })).not.toBeInTheDocument());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("Keep order closes the dialog and changes nothing", async () => {
    const { order, service } = await queueWithOneTicket();
    fireEvent.click(screen.getByRole("button", { name: `Cancel order ${order.number}` }));
    fireEvent.click(screen.getByRole("button", { name: "Keep order" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(service.callsTo("POST", `manage/orders/${order.id}/status/`)).toHaveLength(0);
  });

  it("the Recent view lists completed and cancelled orders with the reason, and takes in ones finished meanwhile", async () => {
    const cancelled = ticket({ status: "cancelled", cancel_reason: "Sold out" });
    const service = fakeService({ orders: [cancelled] });
    renderApp(service, "#/orders/recent");
    const source = await openStream();
    expect(await screen.findByRole("heading", { level: 1, name: "Recent orders" })).toBeInTheDocument();
    expect(await screen.findByText("Cancelled: Sold out")).toBeInTheDocument();
    expect(within(orderCard(cancelled.number)).queryByRole("button")).not.toBeInTheDocument();
    const done = ticket({ status: "completed" });
    await act(async () => source.send("order", done));
    expect(orderCard(done.number)).toHaveTextContent("Completed");
  });

  it("a late order says by how much", async () => {
    const order = ticket({ promised_at: "2030-06-04T11:50:00.000-04:00" });
    renderApp(fakeService({ orders: [order] }));
    await openStream();
    expect(await within(await screen.findByRole("article", { name: `Order ${order.number}` })).findByText("Late by 10 min")).toBeInTheDocument();
  });

  it("a paused or rushed kitchen is said above the queue", async () => {
    const service = fakeService();
    service.state.kitchen[0].paused_until = "2030-06-04T19:30:00.000-04:00";
    service.state.kitchen[1].rush_minutes = 15;
    renderApp(service);
    await openStream();
    expect(await screen.findByText("Main Street: online orders paused until 7:30 PM EDT.")).toBeInTheDocument();
    expect(screen.getByText("The Pier: rush: 15 extra minutes on every ready time.")).toBeInTheDocument();
  });

  it("with several locations, the queue can show one", async () => {
    const main = ticket();
    const pier = ticket({ location: { id: "loc-pier", name: "The Pier", time_zone: "America/New_York" } });
    renderApp(fakeService({ orders: [main, pier] }));
    await openStream();
    expect(await screen.findAllByRole("article")).toHaveLength(2);
    fireEvent.change(screen.getByLabelText("Location"), { target: { value: "loc-pier" } });
    expect(screen.getAllByRole("article").map((card) => within(card).getByRole("heading").textContent)).toEqual([`Order ${pier.number}`]);
  });
});

describe("the live connection", () => {
  it("says Connecting…, then Live; Reconnecting… while the browser retries; reads the queue again when back", async () => {
    const service = fakeService();
    renderApp(service);
    expect(await screen.findByText("Connecting…")).toBeInTheDocument();
    const source = await openStream();
    expect(screen.getByText("Live")).toBeInTheDocument();
    const reads = service.callsTo("GET", "manage/orders/").length;
    await act(async () => source.fail(false));
    expect(screen.getByText("Reconnecting…")).toBeInTheDocument();
    // An order placed while the stream was down is in the list read on reconnect, and rings.
    const missed = ticket();
    service.state.orders.push(missed);
    await act(async () => source.open());
    expect(screen.getByText("Live")).toBeInTheDocument();
    expect(service.callsTo("GET", "manage/orders/").length).toBeGreaterThan(reads);
    expect(await screen.findByRole("article", { name: `Order ${missed.number}` })).toHaveClass("ticket--arrived");
  });

  it("a stream refused for good is opened again after a pause, once the session is known to stand", async () => {
    const service = fakeService();
    renderApp(service);
    const source = await openStream();
    await act(async () => source.fail(true));
    expect(screen.getByText("Reconnecting…")).toBeInTheDocument();
    expect(FakeEventSource.instances).toHaveLength(1);
    const sessionChecks = service.callsTo("GET", "manage/session/").length;
    await act(async () => {
      jest.advanceTimersByTime(1_000);
    });
    expect(service.callsTo("GET", "manage/session/").length).toBe(sessionChecks + 1);
    expect(FakeEventSource.instances).toHaveLength(2);
    await act(async () => FakeEventSource.latest().open());
    expect(screen.getByText("Live")).toBeInTheDocument();
  });

  it("a session that ended takes the merchant back to sign-in with a notice", async () => {
    const service = fakeService();
    renderApp(service);
    const source = await openStream();
    service.state.session = null;
    await act(async () => source.fail(true));
    await act(async () => {
      jest.advanceTimersByTime(1_000);
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in to the workspace" })).toBeInTheDocument();
    expect(screen.getByText("Your session has ended. Sign in again to go on.")).toBeInTheDocument();
  });
});

describe("the new-order alert on other screens", () => {
  it("a banner links to the queue while an order waits", async () => {
    const service = fakeService();
    renderApp(service, "#/availability");
    const source = await openStream();
    const order = ticket();
    await act(async () => source.send("order", order));
    expect(screen.getByText(`New order ${order.number}`)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open the order queue" })).toHaveAttribute("href", "#/orders");
  });
});

describe("a long queue", () => {
  it.each<[string, number, number, number]>([
    ["the first batch", 0, 200, 6],
    ["one batch more", 6, 200, 12],
    ["never more than there are", 12, 14, 14],
    ["a short list whole", 0, 3, 3],
  ])("revealedAfter: %s", (_name, shown, total, expected) => {
    expect(revealedAfter(shown, total)).toBe(expected);
  });

  it("renders its first tickets at once and says how many; Show more renders the next batch", async () => {
    const orders = Array.from({ length: 14 }, () => ticket());
    renderApp(fakeService({ orders }));
    await openStream();
    await screen.findByRole("article", { name: `Order ${orders[0].number}` });
    expect(screen.getAllByRole("article")).toHaveLength(TICKETS_AT_ONCE);
    expect(screen.getByText(`Showing ${TICKETS_AT_ONCE} of 14 orders.`)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Active (14)" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: `Show ${TICKETS_AT_ONCE} more` }));
    expect(screen.getAllByRole("article")).toHaveLength(2 * TICKETS_AT_ONCE);
    fireEvent.click(screen.getByRole("button", { name: "Show 2 more" }));
    expect(screen.getAllByRole("article")).toHaveLength(14);
    expect(screen.queryByRole("button", { name: /^Show \d+ more$/ })).not.toBeInTheDocument();
  });

  it("renders the next batch when the end of the list comes near the view", async () => {
    const observed: { callback: IntersectionObserverCallback; element: Element }[] = [];
    class FakeObserver {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(element: Element) {
        observed.push({ callback: this.callback, element });
      }
      disconnect() {}
    }
    Object.defineProperty(window, "IntersectionObserver", { value: FakeObserver, configurable: true });
    try {
      const orders = Array.from({ length: 9 }, () => ticket());
      renderApp(fakeService({ orders }));
      await openStream();
      await screen.findByRole("article", { name: `Order ${orders[0].number}` });
      expect(screen.getAllByRole("article")).toHaveLength(TICKETS_AT_ONCE);
      const last = observed[observed.length - 1];
      expect(last.element).toHaveTextContent(`Showing ${TICKETS_AT_ONCE} of 9 orders.`);
      act(() => last.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
      expect(screen.getAllByRole("article")).toHaveLength(9);
    } finally {
      Reflect.deleteProperty(window, "IntersectionObserver");
    }
  });

  it("back from Recent, the queue renders its first batch again, not every ticket shown before", async () => {
    const orders = Array.from({ length: 14 }, () => ticket());
    renderApp(fakeService({ orders }));
    await openStream();
    await screen.findByRole("article", { name: `Order ${orders[0].number}` });
    fireEvent.click(screen.getByRole("button", { name: `Show ${TICKETS_AT_ONCE} more` }));
    expect(screen.getAllByRole("article")).toHaveLength(2 * TICKETS_AT_ONCE);
    for (const [link, heading] of [
      ["Recent", "Recent orders"],
      ["Active (14)", "Order queue"],
    ]) {
      fireEvent.click(screen.getByRole("link", { name: link }));
      await act(async () => {
        window.dispatchEvent(new HashChangeEvent("hashchange"));
      });
      await screen.findByRole("heading", { level: 1, name: heading });
    }
    expect(screen.getAllByRole("article")).toHaveLength(TICKETS_AT_ONCE);
    expect(screen.getByText(`Showing ${TICKETS_AT_ONCE} of 14 orders.`)).toBeInTheDocument();
  });
});
