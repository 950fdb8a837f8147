import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { NOW, OWNER, PASSWORD, fakeService } from "./fake-service";
import { openStream, renderApp } from "./render-app";

/**
 * The signed-out workspace: what it asks on load (answered 200, so nothing is logged as refused), whose
 * workspace it is, the wait after too many attempts, and resetting a forgotten password.
 */

let consoleError: jest.SpyInstance;

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
  consoleError = jest.spyOn(console, "error");
});
afterEach(() => {
  consoleError.mockRestore();
  jest.useRealTimers();
});

const click = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole("button", { name }));
  });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("loading the workspace signed out", () => {
  it("asks whether it is signed in with a call answered 200, logs no console error, and names the business with its logo", async () => {
    const service = fakeService({ session: null });
    renderApp(service);
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in to the workspace" })).toBeInTheDocument();
    expect(service.calls.map((call) => [call.method, call.path, call.status])).toEqual(
      expect.arrayContaining([
        ["GET", "manage/session/status/", 200],
        ["GET", "manage/brand/", 200],
      ]),
    );
    expect(service.calls.filter((call) => (call.status ?? 0) >= 400)).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(screen.getByText("Fixture Bistro")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Fixture Bistro logo: a copper pan" })).toHaveAttribute("src", "/api/manage/brand/logo");
    expect(screen.queryByText(/docs\/merchant\.md/)).not.toBeInTheDocument();
    expect(screen.getByText(/Ask the business.s owner to invite you/)).toBeInTheDocument();
  });

  it("shows no business when the service serves several, and opens the queue when the browser is signed in", async () => {
    renderApp(fakeService({ session: null, brand: null }));
    await screen.findByRole("heading", { level: 1, name: "Sign in to the workspace" });
    expect(screen.queryByText("Fixture Bistro")).not.toBeInTheDocument();
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });

  it("opens the order queue straight away when the browser is still signed in", async () => {
    const service = fakeService();
    renderApp(service);
    expect(await screen.findByRole("heading", { level: 1, name: "Order queue" })).toBeInTheDocument();
    await openStream();
    expect(service.callsTo("GET", "manage/session/status/")).toHaveLength(1);
  });
});

describe("too many attempts", () => {
  it("tells the person to wait or reset, never to ask an owner, with the reset one tap away", async () => {
    const service = fakeService({ session: null });
    const message = "Too many attempts from this device. Try again in 4 minutes, or reset your password.";
    service.force("POST", /^manage\/session\/$/, { status: 429, body: { message, detail: { retry_after_seconds: 240 } } });
    renderApp(service);
    await screen.findByRole("heading", { level: 1, name: "Sign in to the workspace" });
    type("Email", OWNER.email);
    type("Password", PASSWORD);
    await click("Sign in");
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "#/forgot");
  });
});

describe("resetting a forgotten password", () => {
  it("Forgot password? asks for a link to the address and shows the service's one answer", async () => {
    const service = fakeService({ session: null });
    renderApp(service);
    await screen.findByRole("heading", { level: 1, name: "Sign in to the workspace" });
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "Forgot password?" }));
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    });
    const heading = await screen.findByRole("heading", { level: 1, name: "Reset your password" });
    // Focus moves to the title just after the frame that shows the screen.
    await waitFor(() => expect(heading).toHaveFocus());
    type("Email", "owner@example");
    await click("Email me a link");
    expect(screen.getByRole("alert")).toHaveTextContent("Email: enter the address you sign in with, like name@example.com.");
    expect(service.callsTo("POST", "manage/password-reset/")).toHaveLength(0);
    type("Email", ` ${OWNER.email} `);
    await click("Email me a link");
    expect(service.callsTo("POST", "manage/password-reset/")[0].body).toEqual({ email: OWNER.email });
    expect(screen.getByRole("status")).toHaveTextContent("If an account uses this address, a link to set a new password is on its way.");
    expect(screen.getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", "#/sign-in");
  });

  it("the mailed link sets a new password checked the service's way, then opens the workspace signed in", async () => {
    const service = fakeService({ session: null });
    renderApp(service, "#/reset/good-reset");
    expect(await screen.findByRole("heading", { level: 1, name: "Choose a new password" })).toBeInTheDocument();
    type("New password", "password1234");
    type("Repeat new password", "password1234");
    await click("Set password and sign in");
    expect(screen.getByRole("alert")).toHaveTextContent("New password: This is one of the most common passwords");
    type("New password", "copper kettle morning tide");
    await click("Set password and sign in");
    expect(screen.getByRole("alert")).toHaveTextContent("Repeat new password: it does not match the new password.");
    expect(service.callsTo("POST", "manage/password-reset/complete/")).toHaveLength(0);
    type("Repeat new password", "copper kettle morning tide");
    await click("Set password and sign in");
    expect(service.callsTo("POST", "manage/password-reset/complete/")[0].body).toEqual({ token: "good-reset", password: "copper kettle morning tide" });
    expect(await screen.findByRole("heading", { level: 1, name: "Order queue" })).toBeInTheDocument();
    expect(window.location.hash).toBe("#/orders");
    await openStream();
  });

  it("a used or expired link says so and offers a new one", async () => {
    renderApp(fakeService({ session: null }), "#/reset/used-reset");
    await screen.findByRole("heading", { level: 1, name: "Choose a new password" });
    type("New password", "copper kettle morning tide");
    type("Repeat new password", "copper kettle morning tide");
    await click("Set password and sign in");
    expect(screen.getByRole("alert")).toHaveTextContent("This link to set a new password no longer works");
    expect(screen.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "#/forgot");
  });
});
