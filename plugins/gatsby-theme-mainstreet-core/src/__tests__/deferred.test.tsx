import React, { Suspense } from "react";
import { act, screen } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { createRoot } from "react-dom/client";
import { deferred, hydrateOnDemand, markInitialHydrationDone, markInitialHydrationStart, preloadVisibleParts } from "../hydration/deferred";
import { installIntersectionObserver, intersect } from "./dom-helpers";
import { renderToStaticHtml } from "./server-render";

/**
 * Deferred parts (hydration/deferred.tsx): the server HTML of the part stays as it is while the page
 * hydrates; its code loads when it nears the screen or is touched; a click that came before is done again.
 */

interface ButtonProps {
  label: string;
  onPress: () => void;
}

function PressButton({ label, onPress }: ButtonProps) {
  return (
    <button type="button" onClick={onPress}>
      <svg className="icon" aria-hidden="true">
        <use href="#icon-plus" />
      </svg>
      {label}
    </button>
  );
}

/** A part whose chunk arrives when the test says so (each test makes its own: the load is remembered). */
function controlledPart(options?: Parameters<typeof deferred>[1]) {
  let deliver: () => void = () => undefined;
  let requested = 0;
  const Part = deferred<ButtonProps>(() => {
    requested += 1;
    return new Promise((resolve) => {
      deliver = () => resolve({ default: PressButton });
    });
  }, options);
  return { Part, requested: () => requested, deliver: () => act(async () => deliver()) };
}

/** What the server writes for a part: its content inside a completed Suspense boundary, in the wrapper. */
function serverHtml(label: string): string {
  return renderToStaticHtml(
    <div className="deferred">
      <Suspense fallback={null}>
        <PressButton label={label} onPress={() => undefined} />
      </Suspense>
    </div>,
  );
}

let root: Root | null = null;
let container: HTMLElement;

beforeEach(() => {
  // Each test hydrates server HTML as a page's first load does (the set-up marks component tests as past it).
  markInitialHydrationStart();
  installIntersectionObserver();
  container = document.createElement("div");
  document.body.appendChild(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  expect(recoverable).toEqual([]);
});

/** React's recoverable errors while hydrating; any is a failure unless a test expects it. */
let recoverable: string[] = [];

/** `beforeHydrating`: what the visitor does while the page's scripts run and React has not yet hydrated it. */
async function hydrate(element: React.ReactElement, label: string, beforeHydrating?: () => void) {
  container.innerHTML = serverHtml(label);
  beforeHydrating?.();
  recoverable = [];
  await act(async () => {
    root = hydrateRoot(container, element, { onRecoverableError: (error) => void recoverable.push(String(error)) });
  });
}

describe("deferred parts", () => {
  it("mark their server HTML with what the page watcher needs: a touch part its code's chunk, a visible part its name (and its code, where named), content whose code is on the page neither", async () => {
    const Touch = deferred<ButtonProps>(() => Promise.resolve({ default: PressButton }), { code: "part-press-button" });
    const Visible = deferred<ButtonProps>(() => Promise.resolve({ default: PressButton }), { when: "visible", name: "press" });
    const VisibleNamed = deferred<ButtonProps>(() => Promise.resolve({ default: PressButton }), { when: "visible", name: "add", code: "part-press-button part-dialog" });
    const OnPage = hydrateOnDemand(PressButton);
    await Promise.all([Touch.preload(), Visible.preload(), VisibleNamed.preload(), OnPage.preload()]);
    const wrapperOf = (element: React.ReactElement) => {
      const host = document.createElement("div");
      host.innerHTML = renderToStaticHtml(element);
      return host.querySelector(".deferred") as HTMLElement;
    };
    const touch = wrapperOf(<Touch label="Like" onPress={() => undefined} />);
    expect([touch.dataset.partCode, touch.dataset.deferredPart]).toEqual(["part-press-button", undefined]);
    const visible = wrapperOf(<Visible label="Add" onPress={() => undefined} />);
    expect([visible.dataset.partCode, visible.dataset.deferredPart]).toEqual([undefined, "press"]);
    // A visible part may name its code too, and the code its own loads on the first touch (Add's dialog).
    const named = wrapperOf(<VisibleNamed label="Add" onPress={() => undefined} />);
    expect([named.dataset.partCode, named.dataset.deferredPart]).toEqual(["part-press-button part-dialog", "add"]);
    const onPage = wrapperOf(<OnPage label="Card" onPress={() => undefined} />);
    expect([onPage.dataset.partCode, onPage.dataset.deferredPart]).toEqual([undefined, undefined]);
  });

  it("keep their server HTML while the page hydrates and load no code until the visitor heads for them", async () => {
    const { Part, requested, deliver } = controlledPart();
    const onPress = jest.fn();
    await hydrate(<Part label="Menu" onPress={onPress} />, "Menu");
    const button = screen.getByRole("button", { name: "Menu" });
    // Scrolled into view: nothing yet (the default waits for the visitor's move).
    intersect(button);
    await act(async () => undefined);
    expect(requested()).toBe(0);
    button.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    await act(async () => undefined);
    expect(requested()).toBe(1);
    await deliver();
    screen.getByRole("button", { name: "Menu" }).click();
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it("with when: visible, keep their server HTML while the page hydrates and load no code until they near the screen", async () => {
    const { Part, requested, deliver } = controlledPart({ when: "visible", name: "subscribe" });
    const onPress = jest.fn();
    await hydrate(<Part label="Subscribe" onPress={onPress} />, "Subscribe");
    expect(screen.getByRole("button", { name: "Subscribe" })).toBeInTheDocument();
    expect(requested()).toBe(0);

    intersect(screen.getByRole("button", { name: "Subscribe" }));
    await act(async () => undefined);
    expect(requested()).toBe(1);
    await deliver();
    screen.getByRole("button", { name: "Subscribe" }).click();
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["once the page has hydrated", false],
    ["before the page has hydrated (nothing of the part has mounted yet)", true],
  ])("hold a click that comes before their code (%s) and do it once they have hydrated: no tap is lost or doubled", async (_moment, beforeHydration) => {
    const { Part, requested, deliver } = controlledPart();
    const onPress = jest.fn();
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    // On the button's icon, where a tap on its middle lands: the target is an SVG element, not an HTML one.
    const tap = () => {
      const icon = screen.getByRole("button", { name: "Add" }).querySelector("svg")!;
      icon.dispatchEvent(new Event("pointerdown", { bubbles: true }));
      icon.dispatchEvent(click);
    };
    await hydrate(<Part label="Add" onPress={onPress} />, "Add", beforeHydration ? tap : undefined);
    if (!beforeHydration) tap();
    // The browser's own action (a form's submit) is stopped, and the code is on its way.
    expect(click.defaultPrevented).toBe(true);
    await act(async () => undefined);
    expect(requested()).toBe(1);
    expect(onPress).not.toHaveBeenCalled();
    // The button answers the tap at once by its look (pressed) while its code comes; the mark goes when it is done.
    expect(screen.getByRole("button", { name: "Add" })).toHaveAttribute("data-held");
    await deliver();
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Add" })).not.toHaveAttribute("data-held");
    // Done once: the next tap is the part's own.
    screen.getByRole("button", { name: "Add" }).click();
    expect(onPress).toHaveBeenCalledTimes(2);
  });

  it("with their code there but not yet hydrated, answer a touch in its own task without hydrating: the tap is held, shown held, and done once the part has hydrated in slices", async () => {
    const { Part, deliver } = controlledPart();
    const onPress = jest.fn();
    await hydrate(<Part label="Menu" onPress={onPress} />, "Menu");
    // Fetched (another part of the same chunk, or a hover, asked for it), not hydrated.
    await act(async () => void Part.preload());
    await deliver();
    const button = screen.getByRole("button", { name: "Menu" });
    // React would hydrate the part synchronously inside this pointerdown (a long task before the next frame).
    button.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    button.click();
    expect(onPress).not.toHaveBeenCalled();
    expect(button).toHaveAttribute("data-held");
    await act(async () => undefined);
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Menu" })).not.toHaveAttribute("data-held");
  });

  it("let focus and keys into a part not yet hydrated reach React (a form loads its calendar on its first focus); only a finger's press is kept from it", async () => {
    const { Part } = controlledPart();
    await hydrate(<Part label="Menu" onPress={() => undefined} />, "Menu");
    const reached: string[] = [];
    const listen = (event: Event) => void reached.push(event.type);
    // In the capture phase on the root, where React's own listeners are.
    for (const type of ["pointerdown", "touchstart", "focusin", "keydown"]) container.addEventListener(type, listen, true);
    const button = screen.getByRole("button", { name: "Menu" });
    for (const type of ["pointerdown", "touchstart", "focusin", "keydown"]) button.dispatchEvent(new Event(type, { bubbles: true }));
    expect(reached).toEqual(["focusin", "keydown"]);
    for (const type of ["pointerdown", "touchstart", "focusin", "keydown"]) container.removeEventListener(type, listen, true);
  });

  it("leave a click on a disclosure's toggle in a part not yet hydrated to the browser, and keep it from React, which would hydrate the part first; the part loads after that click, not on the finger's approach", async () => {
    const Toggle = () => (
      <button type="button" {...{ popovertarget: "week" }}>
        Week
      </button>
    );
    const load = jest.fn(() => new Promise<{ default: typeof Toggle }>(() => undefined));
    const Part = deferred(load);
    container.innerHTML = renderToStaticHtml(
      <div className="deferred">
        <Suspense fallback={null}>
          <Toggle />
        </Suspense>
      </div>,
    );
    await act(async () => {
      root = hydrateRoot(container, <Part />);
    });
    const reached = jest.fn();
    container.addEventListener("click", reached, true);
    const button = screen.getByRole("button", { name: "Week" });
    button.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(load).not.toHaveBeenCalled();
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    button.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(reached).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
    // After the frame that shows the browser's popover.
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    expect(load).toHaveBeenCalledTimes(1);
    container.removeEventListener("click", reached, true);
  });

  it("a tap before the page has hydrated on a part whose code is already there is done as it hydrates with the page", async () => {
    const Part = deferred<ButtonProps>(() => Promise.resolve({ default: PressButton }), { when: "visible", name: "add-early" });
    await Part.preload();
    const onPress = jest.fn();
    await hydrate(<Part label="Add" onPress={onPress} />, "Add", () => screen.getByRole("button", { name: "Add" }).click());
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it("leave a link tapped before the page has hydrated to the browser: it works as served", () => {
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    container.innerHTML = serverHtml("Add");
    const link = document.createElement("a");
    link.href = "#menu";
    link.textContent = "Menu";
    container.querySelector("button")!.replaceWith(link);
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    // A tap outside every part is React's, never held.
    const outside = new MouseEvent("click", { bubbles: true, cancelable: true });
    document.body.dispatchEvent(outside);
    expect(outside.defaultPrevented).toBe(false);
  });

  it("rendered again before their code (new props), show their server HTML as it was and fetch the code at once", async () => {
    const { Part, requested, deliver } = controlledPart();
    const onPress = jest.fn();
    await hydrate(<Part label="Book" onPress={onPress} />, "Book");
    expect(requested()).toBe(0);
    await act(async () => {
      root!.render(<Part label="Book now" onPress={onPress} />);
    });
    // The kept HTML stands in: the part does not blink out, and its code is asked for without waiting.
    expect(screen.getByRole("button", { name: "Book" })).toBeInTheDocument();
    expect(requested()).toBe(1);
    await deliver();
    expect(screen.getByRole("button", { name: "Book now" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Book" })).toBeNull();
    // React says why it rendered the part from scratch (421), which the site's hydration reporting leaves out.
    expect(recoverable).toEqual([expect.stringMatching(/received an update before it finished hydrating/)]);
    recoverable = [];
  });

  it("with when: visible, one already near the screen is fetched before hydration and hydrates with the page", async () => {
    const near = controlledPart({ when: "visible", name: "near-part" });
    const far = controlledPart({ when: "visible", name: "far-part" });
    container.innerHTML = `${serverHtml("Near").replace('class="deferred"', 'class="deferred" data-deferred-part="near-part"')}${serverHtml("Far").replace('class="deferred"', 'class="deferred" data-deferred-part="far-part"')}`;
    const [nearBox, farBox] = [...container.querySelectorAll("[data-deferred-part] button")];
    farBox.getBoundingClientRect = () => ({ top: 5000, bottom: 5040 }) as DOMRect;
    nearBox.getBoundingClientRect = () => ({ top: 100, bottom: 140 }) as DOMRect;
    const preloaded = preloadVisibleParts(container);
    expect([near.requested(), far.requested()]).toEqual([1, 0]);
    await near.deliver();
    await preloaded;
    const onPress = jest.fn();
    recoverable = [];
    await act(async () => {
      root = hydrateRoot(
        container,
        <>
          <near.Part label="Near" onPress={onPress} />
          <far.Part label="Far" onPress={() => undefined} />
        </>,
        { onRecoverableError: (error) => void recoverable.push(String(error)) },
      );
    });
    // Hydrated with the page: live at once, with no further load.
    screen.getByRole("button", { name: "Near" }).click();
    expect(onPress).toHaveBeenCalledTimes(1);
    expect([near.requested(), far.requested()]).toEqual([1, 0]);
  });

  it("leave a click on a checkbox to the browser: the box is ticked at once, not when the code comes", async () => {
    function Consent() {
      return (
        <label>
          <input type="checkbox" name="optIn" /> Send me news
        </label>
      );
    }
    const Part = deferred(() => new Promise<{ default: typeof Consent }>(() => undefined));
    container.innerHTML = renderToStaticHtml(
      <div className="deferred">
        <Suspense fallback={null}>
          <Consent />
        </Suspense>
      </div>,
    );
    recoverable = [];
    await act(async () => {
      root = hydrateRoot(container, <Part />, { onRecoverableError: (error) => void recoverable.push(String(error)) });
    });
    const box = screen.getByRole("checkbox", { name: "Send me news" }) as HTMLInputElement;
    box.click();
    expect(box.checked).toBe(true);
  });

  it("hold a form's submit the same way, and send it once hydrated", async () => {
    const onSubmit = jest.fn((event: React.FormEvent) => event.preventDefault());
    function Form({ label }: { label: string }) {
      return (
        <form aria-label={label} onSubmit={onSubmit}>
          <button type="submit">Send</button>
        </form>
      );
    }
    let deliver: () => void = () => undefined;
    const Part = deferred<{ label: string }>(() => new Promise((resolve) => (deliver = () => resolve({ default: Form }))));
    container.innerHTML = renderToStaticHtml(
      <div className="deferred">
        <Suspense fallback={null}>
          <Form label="Review" />
        </Suspense>
      </div>,
    );
    await act(async () => {
      root = hydrateRoot(container, <Part label="Review" />, { onRecoverableError: (error) => { throw error; } });
    });
    const form = screen.getByRole("form", { name: "Review" }) as HTMLFormElement;
    const submit = new Event("submit", { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
    await act(async () => undefined);
    await act(async () => deliver());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe("hydrateOnDemand: content whose code is on the page, hydrated when the visitor reaches for it", () => {
  /** A card with a link and a Like button that is a deferred part of its own, whose code comes when the test says so. */
  function likeCard(Inner: ReturnType<typeof controlledPart>["Part"]) {
    return function LikeCard({ label, onPress }: ButtonProps) {
      return (
        <article>
          <a href="/menu/dish/">{label}</a>
          <Inner label={`Like ${label}`} onPress={onPress} />
        </article>
      );
    };
  }

  /** What the server writes for such a card: its boundary, and the button's inside it. */
  function cardHtml(label: string): string {
    return renderToStaticHtml(
      <div className="deferred">
        <Suspense fallback={null}>
          <article>
            <a href="/menu/dish/">{label}</a>
            <div className="deferred">
              <Suspense fallback={null}>
                <PressButton label={`Like ${label}`} onPress={() => undefined} />
              </Suspense>
            </div>
          </article>
        </Suspense>
      </div>,
    );
  }

  async function hydrateCard(Cards: React.ComponentType<ButtonProps>, label: string, onPress: () => void, beforeHydrating?: () => void) {
    container.innerHTML = cardHtml(label);
    beforeHydrating?.();
    recoverable = [];
    await act(async () => {
      root = hydrateRoot(container, <Cards label={label} onPress={onPress} />, { onRecoverableError: (error) => void recoverable.push(String(error)) });
    });
    // As the runtime says once the page has hydrated (onInitialClientRender): the card hydrates later than that.
    markInitialHydrationDone();
  }

  it("keeps the server HTML through the page's hydration, whatever scrolls past, and hydrates it in place when the visitor points at it", async () => {
    const inner = controlledPart();
    const Cards = hydrateOnDemand(likeCard(inner.Part));
    const onPress = jest.fn();
    await hydrateCard(Cards, "Balayage", onPress);
    const served = container.querySelector("article");
    intersect(screen.getByRole("link", { name: "Balayage" }));
    await act(async () => undefined);
    // Still waiting: the card has not hydrated, so the button inside it has not asked for its code.
    expect(inner.requested()).toBe(0);

    screen.getByRole("link", { name: "Balayage" }).dispatchEvent(new Event("pointerdown", { bubbles: true }));
    // The card hydrates, then the button in React's next pass, which asks for the button's code.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(inner.requested()).toBe(1);
    await inner.deliver();
    screen.getByRole("button", { name: "Like Balayage" }).click();
    expect(onPress).toHaveBeenCalledTimes(1);
    // Hydrated in place: the served element is the one on the page.
    expect(container.querySelector("article")).toBe(served);
  });

  it("a part inside it that waits for its own moment (ownMoment) stays served when the card hydrates, and loads when the visitor heads for it; one mounted inside the hydrated card later renders at once", async () => {
    const inner = controlledPart({ ownMoment: true });
    const Later = deferred<ButtonProps>(() => Promise.resolve({ default: PressButton }), { ownMoment: true });
    await Later.preload();
    function Card({ label, onPress }: ButtonProps) {
      const [more, setMore] = React.useState(false);
      return (
        <article>
          <a href="/menu/dish/" onClick={(event) => (event.preventDefault(), setMore(true))}>
            {label}
          </a>
          <inner.Part label={`Like ${label}`} onPress={onPress} />
          {more ? <Later label="Share" onPress={onPress} /> : null}
        </article>
      );
    }
    const Cards = hydrateOnDemand(Card);
    const onPress = jest.fn();
    await hydrateCard(Cards, "Bob", onPress);
    screen.getByRole("link", { name: "Bob" }).dispatchEvent(new Event("pointerdown", { bubbles: true }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    // The card has hydrated (its link answers); the Like inside it has not asked for its code.
    expect(inner.requested()).toBe(0);
    await act(async () => screen.getByRole("link", { name: "Bob" }).click());
    expect(screen.getByRole("button", { name: "Share" })).toBeInTheDocument();
    screen.getByRole("button", { name: "Share" }).click();
    expect(onPress).toHaveBeenCalledTimes(1);
    screen.getByRole("button", { name: "Like Bob" }).dispatchEvent(new Event("pointerdown", { bubbles: true }));
    await act(async () => undefined);
    expect(inner.requested()).toBe(1);
    await inner.deliver();
    screen.getByRole("button", { name: "Like Bob" }).click();
    expect(onPress).toHaveBeenCalledTimes(2);
  });

  it.each([
    ["once the page has hydrated", false],
    ["before the page has hydrated", true],
  ])("holds a click that comes first (%s) and does it once the card and the parts inside it are ready", async (_moment, beforeHydration) => {
    const inner = controlledPart();
    const Cards = hydrateOnDemand(likeCard(inner.Part));
    const onPress = jest.fn();
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    const tap = () => screen.getByRole("button", { name: "Like Gloss" }).dispatchEvent(click);
    await hydrateCard(Cards, "Gloss", onPress, beforeHydration ? tap : undefined);
    if (!beforeHydration) tap();
    expect(click.defaultPrevented).toBe(true);
    await act(async () => undefined);
    expect(inner.requested()).toBe(1);
    // The card has hydrated; the button's code is not there yet, and the click waits for it.
    expect(onPress).not.toHaveBeenCalled();
    await inner.deliver();
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it("a click on a deferred part inside it whose code is already there is done once React's own pass has hydrated that part", async () => {
    const Inner = deferred<ButtonProps>(() => Promise.resolve({ default: PressButton }));
    await Inner.preload();
    const Cards = hydrateOnDemand(likeCard(Inner));
    const onPress = jest.fn();
    await hydrateCard(Cards, "Fringe", onPress);
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    screen.getByRole("button", { name: "Like Fringe" }).dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    // The card hydrates, then React hydrates the button in a pass of its own: the click waits for that one.
    await act(async () => undefined);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(onPress).toHaveBeenCalledTimes(1);
    screen.getByRole("button", { name: "Like Fringe" }).click();
    expect(onPress).toHaveBeenCalledTimes(2);
  });

  it("rendered anew in the browser (the page reached by a link), renders at once with nothing to wait for", async () => {
    const Cards = hydrateOnDemand(PressButton);
    markInitialHydrationDone();
    const onPress = jest.fn();
    await act(async () => {
      root = createRoot(container);
      root.render(<Cards label="Trim" onPress={onPress} />);
    });
    screen.getByRole("button", { name: "Trim" }).click();
    expect(onPress).toHaveBeenCalledTimes(1);
  });
});
