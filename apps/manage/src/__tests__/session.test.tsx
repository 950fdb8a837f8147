import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { CSRF, NOW, OWNER, PASSWORD, fakeService } from "./fake-service";
import { openStream, renderApp } from "./render-app";

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
});
afterEach(() => {
  jest.useRealTimers();
});

async function signIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
  });
}

describe("signing in and out", () => {
  it("without a session the workspace asks to sign in; a wrong password shows the service's message", async () => {
    const service = fakeService({ session: null });
    renderApp(service);
    const heading = await screen.findByRole("heading", { level: 1, name: "Sign in to the workspace" });
    // Focus moves to the title just after the frame that shows the screen.
    await waitFor(() => expect(heading).toHaveFocus());
    await signIn(OWNER.email, "not the password at all");
    expect(screen.getByRole("alert")).toHaveTextContent("Wrong email or password");
    const [post] = service.callsTo("POST", "manage/session/");
    expect(post.body).toEqual({ email: OWNER.email, password: "not the password at all" });
    expect(screen.getByRole("heading", { level: 1, name: "Sign in to the workspace" })).toBeInTheDocument();
  });

  it("the right password opens the order queue with the business's name", async () => {
    const service = fakeService({ session: null });
    renderApp(service, "#/sign-in");
    await screen.findByRole("heading", { level: 1, name: "Sign in to the workspace" });
    await signIn(OWNER.email, PASSWORD);
    expect(await screen.findByRole("heading", { level: 1, name: "Order queue" })).toBeInTheDocument();
    expect(window.location.hash).toBe("#/orders");
    expect(screen.getByText("Fixture Bistro")).toBeInTheDocument();
    await openStream();
  });

  it("an address with accounts at several businesses chooses one", async () => {
    const service = fakeService({ session: null, multiBusiness: { [OWNER.email]: [{ id: "bistro", name: "Fixture Bistro" }, { id: "cafe", name: "Corner Cafe" }] } });
    renderApp(service);
    await screen.findByRole("heading", { level: 1, name: "Sign in to the workspace" });
    await signIn(OWNER.email, PASSWORD);
    expect(screen.getByRole("alert")).toHaveTextContent("has accounts at 2 businesses");
    fireEvent.change(screen.getByLabelText("Business"), { target: { value: "cafe" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    });
    expect(service.callsTo("POST", "manage/session/").at(-1)?.body).toEqual({ email: OWNER.email, password: PASSWORD, business_id: "cafe" });
    expect(await screen.findByRole("heading", { level: 1, name: "Order queue" })).toBeInTheDocument();
  });

  it("Sign out ends the session with the CSRF token and returns to sign-in", async () => {
    const service = fakeService();
    renderApp(service);
    await openStream();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    });
    expect(await screen.findByText("You have signed out.")).toBeInTheDocument();
    expect(service.callsTo("DELETE", "manage/session/")[0].headers["X-CSRF-Token"]).toBe(CSRF);
    expect(service.state.session).toBeNull();
  });

  it("any call answered 401 takes the merchant back to sign-in", async () => {
    const service = fakeService();
    renderApp(service, "#/subscribers");
    await openStream();
    await screen.findByRole("heading", { level: 1, name: "Subscribers" });
    service.state.session = null;
    fireEvent.click(screen.getByRole("link", { name: "Reviews" }));
    await act(async () => {
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in to the workspace" })).toBeInTheDocument();
    expect(screen.getByText("Your session has ended. Sign in again to go on.")).toBeInTheDocument();
  });

  it("every state-changing call carries the CSRF token (the service refuses it otherwise)", async () => {
    const service = fakeService();
    renderApp(service, "#/kitchen");
    await openStream();
    await act(async () => {
      fireEvent.click((await screen.findAllByRole("button", { name: "+10 min" }))[0]);
    });
    const mutating = service.calls.filter((call) => call.method !== "GET");
    expect(mutating.length).toBeGreaterThan(0);
    for (const call of mutating) expect(call.headers["X-CSRF-Token"]).toBe(CSRF);
  });
});

describe("accepting an invitation", () => {
  it("checks the password the service's way before sending, then signs the new member in", async () => {
    const service = fakeService({ session: null });
    renderApp(service, "#/accept/good-token");
    expect(await screen.findByRole("heading", { level: 1, name: "Join the workspace" })).toBeInTheDocument();
    const submit = () =>
      act(async () => {
        fireEvent.click(screen.getByRole("button", { name: "Set password and join" }));
      });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "short" } });
    await submit();
    expect(screen.getByRole("alert")).toHaveTextContent("Password: Use at least 12 characters (this one has 5)");
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "password1234" } });
    fireEvent.change(screen.getByLabelText("Repeat password"), { target: { value: "password1234" } });
    await submit();
    expect(screen.getByRole("alert")).toHaveTextContent("one of the most common passwords");
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "copper kettle morning tide" } });
    await submit();
    expect(screen.getByRole("alert")).toHaveTextContent("Repeat password: it does not match");
    expect(service.callsTo("POST", "manage/invitations/accept/")).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Repeat password"), { target: { value: "copper kettle morning tide" } });
    await submit();
    expect(service.callsTo("POST", "manage/invitations/accept/")[0].body).toEqual({ token: "good-token", password: "copper kettle morning tide" });
    expect(await screen.findByRole("heading", { level: 1, name: "Order queue" })).toBeInTheDocument();
    expect(screen.getByText(/new@example.com · Staff/)).toBeInTheDocument();
    // Staff do not see the Staff screen.
    expect(screen.queryByRole("link", { name: "Staff" })).not.toBeInTheDocument();
    await openStream();
  });

  it("a used or unknown link says so", async () => {
    renderApp(fakeService({ session: null }), "#/accept/used-token");
    await screen.findByRole("heading", { level: 1, name: "Join the workspace" });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "copper kettle morning tide" } });
    fireEvent.change(screen.getByLabelText("Repeat password"), { target: { value: "copper kettle morning tide" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Set password and join" }));
    });
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("This invitation link is not valid any more"));
  });
});
