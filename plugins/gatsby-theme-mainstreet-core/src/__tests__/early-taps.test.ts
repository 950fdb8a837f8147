/**
 * @jest-environment jsdom
 */
import { act, createElement as h, Suspense, type FormEvent, type ReactElement } from "react";
import { earlyTapsScript } from "../hydration/early-taps";
import { renderToStaticHtml } from "./server-render";

/**
 * The page's inline script (hydration/early-taps.ts) holds the taps that come before the app's scripts have run;
 * deferred.tsx takes them over when it loads and does each again once its part is ready. This file is outside the
 * component tests' set-up, which loads deferred.tsx first: here, as in the browser, the inline script runs first,
 * the visitor taps, and only then does the app's code load.
 */

type DeferredModule = typeof import("../hydration/deferred");

const PressButton = ({ label, onPress }: { label: string; onPress: () => void }) => h("button", { type: "button", onClick: onPress }, label);
const SignUp = ({ onSubmit }: { onSubmit: (event: FormEvent) => void }) =>
  h("form", { "aria-label": "Newsletter", onSubmit }, h("label", null, h("input", { type: "checkbox", name: "weekly" }), " Weekly"), h("button", { type: "submit" }, "Sign up"));

/** The page as served and as hydrated: a link, a button outside every part, and two deferred parts. */
const page = (add: ReactElement, signUp: ReactElement) =>
  h("main", null, h("a", { href: "#menu" }, "Menu"), h("button", { type: "button" }, "Outside"), add, signUp);
const served = (content: ReactElement) => h("div", { className: "deferred" }, h(Suspense, { fallback: null }, content));

const container = document.createElement("div");
const the = (selector: string) => container.querySelector(selector) as HTMLElement;
const dispatch = (target: Element, type: "click" | "submit") => {
  const event = type === "click" ? new MouseEvent("click", { bubbles: true, cancelable: true }) : new Event("submit", { bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
};

const held: Event[] = [];

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  // The head's script runs before anything else on the page.
  new Function(earlyTapsScript())();
  container.innerHTML = renderToStaticHtml(page(served(h(PressButton, { label: "Add", onPress: () => undefined })), served(h(SignUp, { onSubmit: () => undefined }))));
  document.body.appendChild(container);
});

it("before any script of the app, holds a tap and a submit inside a part, and leaves links, fields and the rest of the page to the browser", () => {
  held.push(dispatch(the("main > .deferred button"), "click"));
  expect(held[0].defaultPrevented).toBe(true);
  held.push(dispatch(the("form"), "submit"));
  expect(held[1].defaultPrevented).toBe(true);
  // The held controls look pressed at once (their code is on its way); nothing else is marked.
  expect(the("main > .deferred button").hasAttribute("data-held")).toBe(true);
  expect(the("form").hasAttribute("data-held")).toBe(true);
  expect(dispatch(the('a[href="#menu"]'), "click").defaultPrevented).toBe(false);
  expect(dispatch(the("main > button"), "click").defaultPrevented).toBe(false);
  expect(dispatch(the('input[type="checkbox"]'), "click").defaultPrevented).toBe(false);
  expect((the('input[type="checkbox"]') as HTMLInputElement).checked).toBe(true);
});

it.each([
  ["a popover's button", '<button type="button" popovertarget="tray"><svg></svg></button><div id="tray" popover="auto"></div>', "button svg"],
  ["a summary", "<details><summary>Weekly hours</summary><p>Mon 9–5</p></details>", "summary"],
])("before any script of the app, leaves %s inside a part to the browser, which opens its disclosure itself", (_name, html, selector) => {
  const part = document.createElement("div");
  part.className = "deferred";
  part.innerHTML = html;
  document.body.appendChild(part);
  expect(dispatch(part.querySelector(selector)!, "click").defaultPrevented).toBe(false);
  part.remove();
});

it.each([
  ["in the left half of the screen, from its left edge", 100, { top: "544px", left: "100px", right: "" }],
  ["in the right half of the screen, from its right edge", 900, { top: "544px", left: "", right: "84px" }],
])("places a served popover marked to hang under its toggle there as the click opens it: %s", (_name, left, place) => {
  Object.defineProperty(document.documentElement, "clientWidth", { configurable: true, value: 1024 });
  window.scrollY = 500;
  const part = document.createElement("div");
  part.innerHTML = '<button type="button" popovertarget="week">See weekly hours</button><div id="week" popover="auto" data-anchored="true"></div><button type="button" popovertarget="tray">Menu</button><div id="tray" popover="auto"></div>';
  document.body.appendChild(part);
  const button = part.querySelector<HTMLElement>('[popovertarget="week"]')!;
  jest.spyOn(button, "getBoundingClientRect").mockReturnValue({ top: 0, bottom: 40, left, right: left + 40, width: 40, height: 40, x: left, y: 0, toJSON: () => ({}) });
  dispatch(button, "click");
  const week = part.querySelector<HTMLElement>("#week")!;
  expect({ position: week.style.position, top: week.style.top, left: week.style.left, right: week.style.right }).toEqual({ position: "absolute", ...place });
  // A popover not so marked (the tray) is left where its CSS puts it.
  dispatch(part.querySelector('[popovertarget="tray"]')!, "click");
  expect(part.querySelector<HTMLElement>("#tray")!.getAttribute("style")).toBeNull();
  part.remove();
  window.scrollY = 0;
});

it("once the app's code runs, does each held tap once, when its part is ready, and from then on the parts are the app's", async () => {
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only now, after the taps, as the browser does */
  const { deferred } = require("../hydration/deferred") as DeferredModule;
  const { hydrateRoot } = require("react-dom/client") as typeof import("react-dom/client");
  /* eslint-enable @typescript-eslint/no-require-imports */
  const deliveries: (() => void)[] = [];
  const part = <P extends object>(component: (props: P) => ReactElement) =>
    deferred<P>(() => new Promise((resolve) => deliveries.push(() => resolve({ default: component }))));
  const Add = part(PressButton);
  const Form = part(SignUp);
  const onPress = jest.fn();
  const onSubmit = jest.fn((event: FormEvent) => event.preventDefault());
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, page(h(Add, { label: "Add", onPress }), h(Form, { onSubmit })), { onRecoverableError: (error) => void recoverable.push(error) });
  });
  await act(async () => undefined);
  // Both taps were the visitor's move: both parts' code is asked for as the page hydrates, and nothing is done yet.
  expect(deliveries).toHaveLength(2);
  expect(onPress).not.toHaveBeenCalled();
  expect(onSubmit).not.toHaveBeenCalled();
  await act(async () => deliveries.forEach((deliver) => deliver()));
  expect(onPress).toHaveBeenCalledTimes(1);
  expect(onSubmit).toHaveBeenCalledTimes(1);
  expect(container.querySelectorAll("[data-held]")).toHaveLength(0);
  // The tick given before the code came is what the form shows.
  expect((the('input[type="checkbox"]') as HTMLInputElement).checked).toBe(true);
  // A tap now is the part's own, done at once, and not held again.
  const tap = dispatch(the("main > .deferred button"), "click");
  expect(tap.defaultPrevented).toBe(false);
  expect(onPress).toHaveBeenCalledTimes(2);
  expect(recoverable).toEqual([]);
});
