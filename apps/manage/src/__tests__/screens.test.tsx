import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { NOW, OWNER, fakeService } from "./fake-service";
import { openStream, renderApp } from "./render-app";

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
});
afterEach(() => {
  jest.useRealTimers();
});

const press = (element: HTMLElement) =>
  act(async () => {
    fireEvent.click(element);
  });

async function open(hash: string, service = fakeService()) {
  renderApp(service, hash);
  await openStream();
  return service;
}

describe("kitchen controls", () => {
  const mainStreet = () => screen.getByRole("region", { name: "Main Street" });

  it("rush presets and a typed number set the extra minutes of one location", async () => {
    const service = await open("#/kitchen");
    await screen.findByRole("region", { name: "Main Street" });
    await press(within(mainStreet()).getByRole("button", { name: "+20 min" }));
    expect(service.callsTo("PUT", "manage/kitchen/loc-main/")[0].body).toEqual({ rush_minutes: 20 });
    expect(within(mainStreet()).getByText("On: every ready time is 20 minutes later.")).toBeInTheDocument();
    expect(within(mainStreet()).getByRole("button", { name: "+20 min" })).toHaveAttribute("aria-pressed", "true");
    fireEvent.change(within(mainStreet()).getByLabelText("Extra minutes"), { target: { value: "130" } });
    await press(within(mainStreet()).getByRole("button", { name: "Set rush" }));
    const extra = within(mainStreet()).getByLabelText("Extra minutes");
    expect(extra).toHaveAttribute("aria-invalid", "true");
    expect(extra).toHaveAccessibleDescription(/^Enter the extra minutes as a whole number from 0 to 120\. Added to every ready time/);
    expect(extra).toHaveFocus();
    fireEvent.change(within(mainStreet()).getByLabelText("Extra minutes"), { target: { value: "45" } });
    await press(within(mainStreet()).getByRole("button", { name: "Set rush" }));
    expect(service.callsTo("PUT", "manage/kitchen/loc-main/").at(-1)?.body).toEqual({ rush_minutes: 45 });
    expect(service.callsTo("PUT", "manage/kitchen/loc-pier/")).toHaveLength(0);
  });

  it("pauses until a time on the location's clock (tomorrow when today's has passed), and resumes", async () => {
    const service = await open("#/kitchen");
    await screen.findByRole("region", { name: "Main Street" });
    // 12:00 in New York now: 19:30 is tonight, 09:00 tomorrow morning.
    fireEvent.change(within(mainStreet()).getByLabelText("Until"), { target: { value: "19:30" } });
    await press(within(mainStreet()).getByRole("button", { name: "Pause" }));
    expect(service.callsTo("PUT", "manage/kitchen/loc-main/")[0].body).toEqual({ paused_until: "2030-06-04T23:30:00.000Z" });
    expect(within(mainStreet()).getByText("Paused until 7:30 PM EDT: the site takes no orders before then.")).toBeInTheDocument();
    await press(within(mainStreet()).getByRole("button", { name: "Resume online orders now" }));
    expect(service.callsTo("PUT", "manage/kitchen/loc-main/")[1].body).toEqual({ paused_until: null });
    fireEvent.change(within(mainStreet()).getByLabelText("Until"), { target: { value: "09:00" } });
    await press(within(mainStreet()).getByRole("button", { name: "Pause" }));
    expect(service.callsTo("PUT", "manage/kitchen/loc-main/")[2].body).toEqual({ paused_until: "2030-06-05T13:00:00.000Z" });
    await press(within(mainStreet()).getByRole("button", { name: "Resume online orders now" }));
    await press(within(mainStreet()).getByRole("button", { name: "30 min" }));
    // Thirty minutes from the press (the fake clock has moved on a little while the screen announced).
    const paused = Date.parse((service.callsTo("PUT", "manage/kitchen/loc-main/").at(-1)?.body as { paused_until: string }).paused_until);
    expect(paused - NOW).toBeGreaterThanOrEqual(30 * 60_000);
    expect(paused - NOW).toBeLessThan(31 * 60_000);
  });

  it("slot capacity: a number overrides the data's, empty goes back to it", async () => {
    const service = await open("#/kitchen");
    await screen.findByRole("region", { name: "Main Street" });
    expect(within(mainStreet()).getByText("Now: the usual setting (6 per slot).")).toBeInTheDocument();
    fireEvent.change(within(mainStreet()).getByLabelText("Orders per slot"), { target: { value: "3" } });
    await press(within(mainStreet()).getByRole("button", { name: "Save" }));
    expect(service.callsTo("PUT", "manage/kitchen/loc-main/")[0].body).toEqual({ orders_per_slot: 3 });
    expect(within(mainStreet()).getByText("Now: at most 3.")).toBeInTheDocument();
    fireEvent.change(within(mainStreet()).getByLabelText("Orders per slot"), { target: { value: "" } });
    await press(within(mainStreet()).getByRole("button", { name: "Save" }));
    expect(service.callsTo("PUT", "manage/kitchen/loc-main/")[1].body).toEqual({ orders_per_slot: null });
  });

  it("a change made elsewhere arrives on the stream", async () => {
    const service = await open("#/kitchen");
    const source = await openStream();
    await screen.findByRole("region", { name: "Main Street" });
    await act(async () => source.send("kitchen", { ...service.state.kitchen[1], rush_minutes: 10 }));
    expect(within(screen.getByRole("region", { name: "The Pier" })).getByText("On: every ready time is 10 minutes later.")).toBeInTheDocument();
  });
});

describe("availability", () => {
  const items = () => [
    { item_id: "margherita", name: "Margherita", category: "Pizza", sold_out_until: null, sold_out_in_data: false, variations: [{ id: "m-s", name: "Small", sold_out_until: null, sold_out_in_data: false }, { id: "m-l", name: "Large", sold_out_until: null, sold_out_in_data: false }] },
    { item_id: "lemonade", name: "Lemonade", category: "Drinks", sold_out_until: "indefinitely", sold_out_in_data: false, variations: [{ id: "l-1", name: "", sold_out_until: null, sold_out_in_data: false }] },
    { item_id: "truffle", name: "Truffle special", category: "Pizza", sold_out_until: "indefinitely", sold_out_in_data: true, variations: [{ id: "t-1", name: "", sold_out_until: null, sold_out_in_data: false }] },
  ];

  const unfold = async (category: RegExp) => {
    fireEvent.click(await screen.findByRole("button", { name: category }));
  };

  it("marks an item sold out today, a variation until further notice, and an item available again", async () => {
    const service = await open("#/availability", fakeService({ items: items() }));
    const margherita = () => screen.getByRole("group", { name: "Margherita: availability" });
    await unfold(/^▸?\s*Pizza/);
    await unfold(/^▸?\s*Drinks/);
    await screen.findByRole("heading", { name: "Margherita" });
    await press(within(margherita()).getByRole("button", { name: "Sold out today" }));
    expect(service.callsTo("PUT", "manage/availability/margherita/")[0].body).toEqual({ sold_out: "today" });
    expect(within(margherita()).getByRole("button", { name: "Sold out today" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getAllByText("Sold out until Tomorrow 12:00 AM EDT")).toHaveLength(1);
    await press(within(screen.getByRole("group", { name: "Margherita, Large: availability" })).getByRole("button", { name: "Sold out until further notice" }));
    expect(service.callsTo("PUT", "manage/availability/margherita/")[1].body).toEqual({ sold_out: "indefinitely", variation_id: "m-l" });
    await press(within(screen.getByRole("group", { name: "Lemonade: availability" })).getByRole("button", { name: "Available" }));
    expect(service.callsTo("PUT", "manage/availability/lemonade/")[0].body).toEqual({ sold_out: false });
  });

  it("an item marked unavailable in the business data has no control; search and the sold-out filter narrow the list", async () => {
    await open("#/availability", fakeService({ items: items() }));
    await unfold(/^▸?\s*Pizza/);
    await screen.findByRole("heading", { name: "Truffle special" });
    expect(screen.getByText("Unavailable in the business data (change it there)")).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Truffle special: availability" })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Find an item"), { target: { value: "lemon" } });
    expect(screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual(["Lemonade"]);
    fireEvent.change(screen.getByLabelText("Find an item"), { target: { value: "" } });
    fireEvent.click(screen.getByLabelText("Only sold out"));
    expect(screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual(["Lemonade", "Truffle special"]);
  });

  it("categories start folded, say what is sold out inside, and stay as the merchant left them", async () => {
    const first = renderApp(fakeService({ items: items() }), "#/availability");
    await openStream();
    const pizza = await screen.findByRole("button", { name: /Pizza/ });
    expect(pizza).toHaveAttribute("aria-expanded", "false");
    expect(pizza).toHaveTextContent("Pizza2 items, 1 sold out");
    expect(screen.getByRole("button", { name: /Drinks/ })).toHaveTextContent("Drinks1 item, 1 sold out");
    expect(screen.queryByRole("heading", { name: "Margherita" })).not.toBeInTheDocument();
    fireEvent.click(pizza);
    expect(pizza).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("heading", { name: "Margherita" })).toBeVisible();
    first.unmount();
    // Opened again (another day, the same browser): Pizza is still open, Drinks still folded.
    await open("#/availability", fakeService({ items: items() }));
    expect(await screen.findByRole("button", { name: /Pizza/ })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("button", { name: /Drinks/ })).toHaveAttribute("aria-expanded", "false");
    // A search opens every group with a match.
    fireEvent.change(screen.getByLabelText("Find an item"), { target: { value: "lemon" } });
    expect(screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual(["Lemonade"]);
  });

  it("a modifier is marked sold out on every item, and found by name", async () => {
    const modifiers = [
      { modifier_id: "mod-nduja", name: "'Nduja", sets: ["Add toppings"], sold_out_until: null, sold_out_in_data: false },
      { modifier_id: "mod-prosciutto", name: "Prosciutto", sets: ["Add toppings"], sold_out_until: "indefinitely", sold_out_in_data: true },
    ];
    const service = await open("#/availability", fakeService({ items: items(), modifiers }));
    fireEvent.change(await screen.findByLabelText("Find an item"), { target: { value: "nduja" } });
    expect(screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual(["'Nduja"]);
    expect(screen.getByText("In Add toppings: sold out on every item that offers it.")).toBeInTheDocument();
    await press(within(screen.getByRole("group", { name: "'Nduja: availability" })).getByRole("button", { name: "Sold out today" }));
    expect(service.callsTo("PUT", "manage/availability/modifiers/mod-nduja/")[0].body).toEqual({ sold_out: "today" });
    expect(screen.getByText("Sold out until Tomorrow 12:00 AM EDT")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Find an item"), { target: { value: "" } });
    const group = screen.getByRole("button", { name: /Modifiers/ });
    expect(group).toHaveTextContent("2 modifiers, 2 sold out");
  });

  it("the service's refusal is shown by the item", async () => {
    const service = await open("#/availability", fakeService({ items: items() }));
    await unfold(/^▸?\s*Pizza/);
    await screen.findByRole("heading", { name: "Margherita" });
    service.force("PUT", /availability/, { status: 409, body: { message: "Margherita is marked unavailable in the business data" } });
    await press(within(screen.getByRole("group", { name: "Margherita: availability" })).getByRole("button", { name: "Sold out today" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Margherita is marked unavailable in the business data");
  });
});

describe("reservations", () => {
  const booking = (id: string, startsAt: string, extra: Record<string, unknown> = {}) => ({
    id,
    reference: `R-${id}`,
    location_id: "loc-main",
    starts_at: startsAt,
    party_size: 4,
    name: `Guest ${id}`,
    email: `${id}@example.com`,
    phone: "215-555-0100",
    notes: "Window table",
    service_name: null,
    team_member_name: null,
    status: "confirmed" as const,
    created_at: "2030-06-01T10:00:00Z",
    ...extra,
  });

  it("reads today's bookings of the chosen location on its calendar; cancels after asking; marks a past one no-show", async () => {
    const service = await open("#/reservations", fakeService({ reservations: [booking("a", "2030-06-04T11:00:00-04:00"), booking("b", "2030-06-04T19:00:00-04:00")] }));
    await screen.findByRole("heading", { name: "11:00 AM EDT · Guest a" });
    expect(service.callsTo("GET", "manage/reservations/")[0].query).toEqual({ from: "2030-06-04", to: "2030-06-04", location_id: "loc-main" });
    const past = screen.getByRole("article", { name: "11:00 AM EDT · Guest a" });
    const later = screen.getByRole("article", { name: "7:00 PM EDT · Guest b" });
    expect(within(later).queryByRole("button", { name: /Mark no-show/ })).not.toBeInTheDocument();
    await press(within(past).getByRole("button", { name: "Mark no-show (Guest a)" }));
    expect(service.callsTo("POST", "manage/reservations/a/status/")[0].body).toEqual({ status: "no_show" });
    expect(within(past).getByText("No-show")).toBeInTheDocument();
    fireEvent.click(within(later).getByRole("button", { name: "Cancel the booking of Guest b at 7:00 PM EDT" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel the booking of Guest b?" });
    await press(within(dialog).getByRole("button", { name: "Cancel booking" }));
    expect(service.callsTo("POST", "manage/reservations/b/status/")[0].body).toEqual({ status: "cancelled" });
    await waitFor(() => expect(within(later).getByText("Cancelled")).toBeInTheDocument());
  });

  it("Upcoming reads the next 30 days; another location is one choice away", async () => {
    const service = await open("#/reservations/upcoming");
    expect(await screen.findByText("No bookings in the next 30 days.")).toBeInTheDocument();
    expect(service.callsTo("GET", "manage/reservations/").at(-1)?.query).toEqual({ from: "2030-06-05", to: "2030-07-04", location_id: "loc-main" });
    fireEvent.change(screen.getByLabelText("Location"), { target: { value: "loc-pier" } });
    await waitFor(() => expect(service.callsTo("GET", "manage/reservations/").at(-1)?.query.location_id).toBe("loc-pier"));
  });
});

describe("messages, reviews and subscribers", () => {
  it("messages and applications are listed newest first; Mark read marks one", async () => {
    const message = (id: string, kind: "contact" | "application", createdAt: string, extra: Record<string, unknown> = {}) => ({
      id,
      kind,
      created_at: createdAt,
      location_id: "loc-main",
      name: `Sender ${id}`,
      email: `${id}@example.com`,
      message: `Hello from ${id}`,
      read_at: null,
      ...extra,
    });
    const service = await open(
      "#/messages",
      fakeService({
        messages: [message("m1", "contact", "2030-06-03T10:00:00Z", { subject: "Catering" }), message("m2", "contact", "2030-06-04T10:00:00Z"), message("a1", "application", "2030-06-02T10:00:00Z", { role: "Line cook" })],
      }),
    );
    await screen.findByRole("heading", { name: "Catering" });
    expect(screen.getAllByRole("article").map((card) => within(card).getByRole("heading").textContent)).toEqual(["Message from Sender m2", "Catering"]);
    expect(screen.getByText("2 unread.")).toBeInTheDocument();
    await press(screen.getByRole("button", { name: "Mark read (Catering)" }));
    expect(service.callsTo("POST", "manage/messages/m1/read/")).toHaveLength(1);
    expect(screen.getByText("1 unread.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("link", { name: "Job applications" }));
    await act(async () => {
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    });
    expect(await screen.findByRole("heading", { name: "Sender a1, for Line cook" })).toBeInTheDocument();
  });

  it("approving or rejecting a review moves it out of the waiting list", async () => {
    const review = (id: string, extra: Record<string, unknown> = {}) => ({ id, status: "pending" as const, rating: 4, text: `Review ${id}`, name: `Critic ${id}`, email: `${id}@example.com`, created_at: "2030-06-01T10:00:00Z", decided_at: null, ...extra });
    const service = await open("#/reviews", fakeService({ reviews: [review("r1", { item_id: "margherita", item_name: "Margherita" }), review("r2", { location_id: "loc-pier", rating: 2 })] }));
    await screen.findByRole("heading", { name: "Critic r1 on Margherita" });
    expect(screen.getByRole("heading", { name: "Critic r2 on The Pier" })).toBeInTheDocument();
    expect(screen.getAllByText("4 out of 5 stars")).toHaveLength(1);
    await press(screen.getByRole("button", { name: "Approve the review by Critic r1" }));
    expect(service.callsTo("POST", "manage/reviews/r1/decision/")[0].body).toEqual({ decision: "approve" });
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Critic r1 on Margherita" })).not.toBeInTheDocument());
    await press(screen.getByRole("button", { name: "Reject the review by Critic r2" }));
    expect(service.callsTo("POST", "manage/reviews/r2/decision/")[0].body).toEqual({ decision: "reject" });
    expect(await screen.findByText("No reviews waiting.")).toBeInTheDocument();
  });

  it("subscribers are listed, and the CSV is one link away", async () => {
    await open("#/subscribers", fakeService({ subscribers: [{ email: "old@example.com", opt_in: true, created_at: "2030-05-01T10:00:00Z" }, { email: "new@example.com", opt_in: false, created_at: "2030-06-01T10:00:00Z" }] }));
    await screen.findByRole("cell", { name: "old@example.com" });
    expect(screen.getAllByRole("row").map((row) => within(row).queryAllByRole("cell")[0]?.textContent ?? "header")).toEqual(["header", "new@example.com", "old@example.com"]);
    const link = screen.getByRole("link", { name: "Download CSV" });
    expect(link).toHaveAttribute("href", "/api/manage/subscribers.csv");
    expect(link).toHaveAttribute("download");
  });
});

describe("changing screens", () => {
  const review = (id: string) => ({ id, status: "pending" as const, rating: 4, text: `Review ${id}`, name: `Critic ${id}`, email: `${id}@example.com`, created_at: "2030-06-01T10:00:00Z", decided_at: null });
  /** Opens a screen within one synchronous turn: what it shows then is what its first frame shows. */
  const openNow = (hash: string) =>
    act(() => {
      window.history.replaceState(null, "", hash);
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    });
  const go = async (name: string) => {
    fireEvent.click(within(screen.getByRole("navigation", { name: "Workspace" })).getByRole("link", { name }));
    await act(async () => {
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    });
  };

  it("at idle after signing in, each screen's first list is read ahead, so opening it shows the list at once", async () => {
    const service = await open("#/orders", fakeService({ reviews: [review("r1")], subscribers: [{ email: "ada@example.com", opt_in: true, created_at: "2030-05-01T10:00:00Z" }] }));
    expect(service.callsTo("GET", "manage/reviews/")).toHaveLength(0);
    await act(async () => {
      jest.advanceTimersByTime(5_000);
    });
    await waitFor(() => expect(service.callsTo("GET", "manage/users/")).toHaveLength(1));
    for (const path of ["manage/availability/", "manage/messages/", "manage/reviews/", "manage/subscribers/", "manage/reservations/"]) {
      expect(service.callsTo("GET", path)).toHaveLength(1);
    }
    expect(service.callsTo("GET", "manage/messages/")[0].query).toMatchObject({ kind: "contact" });
    expect(service.callsTo("GET", "manage/reviews/")[0].query).toMatchObject({ status: "pending" });
    // Opened: the list is there in the same turn as the heading (no loading line), and read again behind it.
    openNow("#/reviews");
    expect(screen.getByRole("heading", { level: 1, name: "Reviews" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Critic r1 on the business" })).toBeInTheDocument();
    expect(screen.queryByText(/^Loading/)).not.toBeInTheDocument();
    await waitFor(() => expect(service.callsTo("GET", "manage/reviews/")).toHaveLength(2));
  });

  it("a screen opened again shows its last list at once, then what the service holds now", async () => {
    const service = await open("#/reviews", fakeService({ reviews: [review("r1")] }));
    await screen.findByRole("heading", { name: "Critic r1 on the business" });
    await go("Subscribers");
    await screen.findByRole("heading", { level: 1, name: "Subscribers" });
    service.state.reviews.push(review("r2"));
    openNow("#/reviews");
    expect(screen.getByRole("heading", { name: "Critic r1 on the business" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Critic r2 on the business" })).not.toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Critic r2 on the business" })).toBeInTheDocument();
  });
});

describe("staff", () => {
  it("an owner sees who has access, invites someone (and gets the link), and removes someone else", async () => {
    const service = fakeService();
    service.state.users.push({ id: "user-sam", email: "sam@example.com", role: "staff", created_at: "2030-02-01T00:00:00Z", last_seen_at: null });
    await open("#/staff", service);
    await screen.findByRole("cell", { name: "sam@example.com" });
    expect(screen.getByRole("cell", { name: `${OWNER.email} (you)` })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: `Remove ${OWNER.email}` })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "not-an-address" } });
    await press(screen.getByRole("button", { name: "Send invitation" }));
    // The service names the field for API clients; the owner reads a sentence at the field.
    const email = screen.getByLabelText("Email");
    expect(email).toHaveAccessibleDescription("Enter an email address like name@example.com.");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveFocus();
    expect(document.body).not.toHaveTextContent("body.email");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "lee@example.com" } });
    await press(screen.getByRole("button", { name: "Send invitation" }));
    expect(service.callsTo("POST", "manage/invitations/").at(-1)?.body).toEqual({ email: "lee@example.com", role: "staff" });
    expect(screen.getByText("http://localhost/manage/#/accept/tok-123")).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "lee@example.com" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Remove sam@example.com" }));
    await press(within(screen.getByRole("dialog", { name: "Remove sam@example.com?" })).getByRole("button", { name: "Remove" }));
    expect(service.callsTo("DELETE", "manage/users/user-sam/")).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("cell", { name: "sam@example.com" })).not.toBeInTheDocument());
  });

  it("staff are told only an owner manages people, and nothing is read", async () => {
    const service = fakeService();
    service.state.session = { user: { ...OWNER, role: "staff" }, csrf_token: "t" };
    await open("#/staff", service);
    expect(await screen.findByText("Only an owner of the business can invite or remove people. Ask one of them.")).toBeInTheDocument();
    expect(service.callsTo("GET", "manage/users/")).toHaveLength(0);
  });
});

describe("the sticky top bar", () => {
  it("publishes its height as --topbar-height, which the page's scroll padding keeps focused fields clear of", async () => {
    const observed: { callback: ResizeObserverCallback; element: Element }[] = [];
    const original = (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
    (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(element: Element) {
        observed.push({ callback: this.callback, element });
      }
      disconnect() {}
      unobserve() {}
    };
    try {
      await open("#/orders");
      const bar = observed.find((entry) => entry.element.classList.contains("topbar"));
      expect(bar).toBeDefined();
      jest.spyOn(bar!.element, "getBoundingClientRect").mockReturnValue({ height: 91.4 } as DOMRect);
      act(() => bar!.callback([], {} as ResizeObserver));
      expect(document.documentElement.style.getPropertyValue("--topbar-height")).toBe("92px");
    } finally {
      (globalThis as { ResizeObserver?: unknown }).ResizeObserver = original;
    }
  });
});
