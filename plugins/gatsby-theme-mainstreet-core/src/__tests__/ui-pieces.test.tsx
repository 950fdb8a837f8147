import React, { type ComponentProps } from "react";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { ANIMATION, REVEAL, UI_TEXT } from "@mainstreet/rules/business/constants";
import { revealStorageKey } from "@mainstreet/rules/site/motion";
import { createStore } from "@mainstreet/rules/site/storage";
import { Accordion } from "../components/accordion";
import { CallPhoneLink } from "../components/call-phone-link";
import { Embed } from "../components/embed";
import HoursDisplay from "../components/hours-display";
import { Icon } from "../components/icons";
import { Logo } from "../components/logo";
import MapEmbed from "../components/map-embed";
import { Reveal } from "../components/reveal";
import { REDUCED_MOTION_QUERY, TOUCH_QUERY } from "../hooks/media-queries";
import { installIntersectionObserver, intersect, mockMatchMedia } from "./dom-helpers";
import { renderToStaticHtml } from "./server-render";
import { sampleSite } from "./fixtures";

const salon = sampleSite("salon");
const carrow = salon.site.locations.find((location) => location.primaryLocation)!;

beforeEach(() => {
  mockMatchMedia([]);
  installIntersectionObserver();
});
afterEach(() => jest.useRealTimers());

describe("Logo (SPEC §2)", () => {
  it.each([
    ["", null],
    ["   ", undefined],
  ])("renders nothing when title %j and the image are empty", (title, image) => {
    const { container } = render(<Logo title={title} image={image} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("links to the site root with the business name", () => {
    render(<Logo title="Luma Hair & Beauty" />);
    expect(screen.getByRole("link", { name: "Luma Hair & Beauty, home" })).toHaveAttribute("href", "/");
  });
});

describe("CallPhoneLink (SPEC §2)", () => {
  it(`defaults its label to "${UI_TEXT.callBusiness}"`, () => {
    render(<CallPhoneLink href="tel:+17185550142" />);
    expect(screen.getByRole("link", { name: UI_TEXT.callBusiness })).toHaveAttribute("href", "tel:+17185550142");
  });

  it("takes another label, also as an icon-only button", () => {
    render(<CallPhoneLink href="tel:+13125550119" label="Call Lakeview" iconOnly />);
    expect(screen.getByRole("link", { name: "Call Lakeview" })).toHaveAttribute("href", "tel:+13125550119");
  });

  it.each([null, undefined, ""])("renders nothing for %j", (href) => {
    const { container } = render(<CallPhoneLink href={href} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("HoursDisplay (SPEC §2 options daily, grouped, dailyWithPopup, modal)", () => {
  // Tuesday 5 May 2026, 11:00 in New York.
  const TUESDAY = Date.UTC(2026, 4, 5, 15, 0);

  it("daily: one row per weekday from Monday", () => {
    render(<HoursDisplay hours={carrow.hours} timeZone={carrow.timezone} display="daily" />);
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows.map((row) => row.querySelector("th")?.textContent)).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
    expect(rows[0]).toHaveTextContent(UI_TEXT.closed);
  });

  it("grouped: consecutive days with the same hours share a row", () => {
    render(<HoursDisplay hours={carrow.hours} timeZone={carrow.timezone} display="grouped" />);
    expect(within(screen.getByRole("table")).getAllByRole("row").map((row) => row.querySelector("th")?.textContent)).toEqual(["Mon", "Tue – Wed", "Thu – Fri", "Sat", "Sun"]);
  });

  it("dailyWithPopup: today's hours (browser only) and a popup with the week that Escape closes", async () => {
    jest.useFakeTimers({ now: TUESDAY });
    expect(renderToStaticHtml(<HoursDisplay hours={carrow.hours} timeZone={carrow.timezone} display="dailyWithPopup" />)).not.toContain("Today");
    render(<HoursDisplay hours={carrow.hours} timeZone={carrow.timezone} display="dailyWithPopup" title="Hours" />);
    expect((await screen.findByText(/Today:/)).parentElement).toHaveTextContent("Today: 10:00am – 8:00pm");
    const button = screen.getByRole("button", { name: /See weekly hours/ });
    expect(button).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(within(screen.getByRole("group", { name: "Hours" })).getAllByRole("row")).toHaveLength(7);
    fireEvent.keyDown(screen.getByRole("group", { name: "Hours" }), { key: "Escape" });
    expect(screen.queryByRole("group", { name: "Hours" })).toBeNull();
    expect(button).toHaveFocus();
  });

  it.each<[string, number, string]>([
    ["a Tuesday morning in New York", TUESDAY, "Today: 10:00am – 8:00pm"],
    ["a Tuesday long after the build", Date.UTC(2027, 1, 2, 15, 0), "Today: 10:00am – 8:00pm"],
    ["late on Sunday in New York, already Monday in UTC", Date.UTC(2026, 4, 4, 3, 0), "Today: 10:00am – 4:00pm"],
  ])("today's line is read in the location's zone: %s", async (_how, now, text) => {
    jest.useFakeTimers({ now });
    render(<HoursDisplay hours={carrow.hours} timeZone={carrow.timezone} display="dailyWithPopup" title="Hours" />);
    expect((await screen.findByText(/Today:/)).parentElement).toHaveTextContent(text);
  });

  describe("special hours", () => {
    const SPECIAL = [
      { date: "2026-12-25", closed: true, label: "Christmas Day" },
      { date: "2026-12-31", open: 1600, close: 2000, label: "New Year's Eve" },
      { date: "2027-06-01", closed: true, label: "Far ahead" },
    ];
    // Thursday 24 December 2026, noon in New York.
    const CHRISTMAS_EVE = Date.UTC(2026, 11, 24, 17, 0);

    it.each(["daily", "grouped", "dailyWithPopup", "modal"] as const)("%s: the coming dates are listed under the week (browser only), not the far ones", async (display) => {
      jest.useFakeTimers({ now: CHRISTMAS_EVE });
      // The server writes every special date, hidden: which are coming depends on the visitor's date.
      const html = renderToStaticHtml(<HoursDisplay hours={carrow.hours} timeZone={carrow.timezone} display={display} specialHours={SPECIAL} title="Hours" />);
      if (html.includes("Special hours")) {
        expect(html).toMatch(/<div class="hours-special"[^>]* hidden="">/);
        expect(html.match(/<li data-date="[^"]+" hidden="">/g)).toHaveLength(SPECIAL.length);
      }
      render(<HoursDisplay hours={carrow.hours} timeZone={carrow.timezone} display={display} specialHours={SPECIAL} title="Hours" />);
      act(() => jest.advanceTimersByTime(0));
      if (display === "dailyWithPopup") fireEvent.click(screen.getByRole("button", { name: /See weekly hours/ }));
      if (display === "modal") fireEvent.click(screen.getByRole("button", { name: "See opening hours" }));
      const note = await screen.findByRole("group", { name: "Special hours" });
      expect(within(note).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Fri 25 Dec: closed (Christmas Day)", "Thu 31 Dec: 4:00pm – 8:00pm (New Year's Eve)"]);
    });

    it("today's row uses today's special hours", () => {
      jest.useFakeTimers({ now: Date.UTC(2026, 11, 31, 17, 0) });
      render(<HoursDisplay hours={carrow.hours} timeZone={carrow.timezone} display="dailyWithPopup" specialHours={SPECIAL} title="Hours" />);
      act(() => jest.advanceTimersByTime(0));
      expect(screen.getByText(/Today:/).parentElement).toHaveTextContent("Today: 4:00pm – 8:00pm (New Year's Eve)");
    });

    it("past dates are not listed, and without coming dates there is no note", () => {
      jest.useFakeTimers({ now: Date.UTC(2027, 0, 2, 17, 0) });
      render(<HoursDisplay hours={carrow.hours} timeZone={carrow.timezone} display="grouped" specialHours={SPECIAL.slice(0, 2)} />);
      act(() => jest.advanceTimersByTime(0));
      expect(screen.queryByRole("group", { name: "Special hours" })).toBeNull();
    });
  });

  it("modal: a button opens the week in a modal dialog", async () => {
    render(<HoursDisplay hours={carrow.hours} timeZone={carrow.timezone} display="modal" title="Opening hours, Carrow Street" />);
    fireEvent.click(screen.getByRole("button", { name: "See opening hours" }));
    const dialog = await screen.findByRole("dialog", { name: "Opening hours, Carrow Street" });
    expect(within(dialog).getAllByRole("row")).toHaveLength(7);
  });

  it.each(["daily", "grouped", "dailyWithPopup", "modal"] as const)("%s renders nothing when no day has times", (display) => {
    const { container } = render(<HoursDisplay hours={[{ day: 1, open: null, close: null }]} timeZone="UTC" display={display} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("embeds: never server-rendered (SPEC §2, §4)", () => {
  const VIDEO = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

  it.each(["eager", "lazyBrowser", "inViewport", "lazyAfterUserInteraction"] as const)("%s: the server HTML has the frame's shape but no iframe", (strategy) => {
    const html = renderToStaticHtml(<Embed url={VIDEO} title="Our studio" strategy={strategy} />);
    expect(html).toContain('class="embed"');
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("<button");
  });

  it.each([
    ["eager", "eager"],
    ["lazyBrowser", "lazy"],
  ] as const)("%s: the iframe arrives once mounted, loading=%s", (strategy, loading) => {
    render(<Embed url={VIDEO} title="Our studio" strategy={strategy} />);
    const frame = screen.getByTitle("Our studio");
    expect(frame).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(frame).toHaveAttribute("loading", loading);
  });

  it("inViewport: the iframe arrives when the frame nears the viewport", () => {
    const { container } = render(<Embed url="https://vimeo.com/76979871" title="Colour class" strategy="inViewport" />);
    expect(screen.queryByTitle("Colour class")).toBeNull();
    intersect(container.querySelector(".embed")!);
    expect(screen.getByTitle("Colour class")).toHaveAttribute("src", "https://player.vimeo.com/video/76979871?dnt=1");
  });

  it("lazyAfterUserInteraction: a play button, then the iframe playing", () => {
    render(<Embed url={VIDEO} title="Our studio" strategy="lazyAfterUserInteraction" />);
    expect(screen.queryByTitle("Our studio")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Play: Our studio" }));
    expect(screen.getByTitle("Our studio")).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
  });

  it("renders nothing for a url it cannot embed", () => {
    const { container } = render(<Embed url="javascript:alert(1)" title="x" strategy="eager" />);
    expect(container).toBeEmptyDOMElement();
  });

  it("map: built from the business name and address plus the public key, browser only", () => {
    const place = { ...carrow, name: "Luma Hair & Beauty" };
    expect(renderToStaticHtml(<MapEmbed place={place} apiKey="public-key" strategy="eager" />)).not.toContain("<iframe");
    render(<MapEmbed place={place} apiKey="public-key" strategy="eager" />);
    const src = new URL(screen.getByTitle("Map of Luma Hair & Beauty, 418 Carrow Street, Brooklyn").getAttribute("src")!);
    expect(src.origin + src.pathname).toBe("https://www.google.com/maps/embed/v1/place");
    expect(src.searchParams.get("key")).toBe("public-key");
    expect(src.searchParams.get("q")).toBe("Luma Hair & Beauty, 418 Carrow Street, Brooklyn, NY 11217");
  });

  it("map: nothing without a key", () => {
    const { container } = render(<MapEmbed place={{ ...carrow, name: "Luma" }} apiKey="" />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("Reveal (SPEC §4 reveal animations, animation status cycle)", () => {
  /** The revealed card every test renders, with the Reveal's props and the card's text. */
  const card = (props: Omit<ComponentProps<typeof Reveal>, "id" | "children"> = {}, text = "Card") => (
    <Reveal id="cards" {...props}>
      <p data-testid="revealed">{text}</p>
    </Reveal>
  );
  const state = () => screen.getByTestId("revealed").parentElement!.getAttribute("data-reveal-state");
  const belowFold = () => {
    jest.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ top: 2000, bottom: 2300, left: 0, right: 300, width: 300, height: 300, x: 0, y: 2000, toJSON: () => ({}) });
  };
  afterEach(() => {
    jest.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it("is serverSide (visible, untouched) in the server HTML", () => {
    // jsdom has a window, so the component picks useLayoutEffect, which React's server renderer warns about;
    // the real server (no window) uses useEffect.
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    const html = renderToStaticHtml(card());
    expect(html).toContain('data-reveal-state="serverSide"');
  });

  it("below the fold: preAnimating, animating when 5% scrolls into view, then noAnimation; remembered for the session", () => {
    jest.useFakeTimers();
    belowFold();
    render(card({ index: 2 }));
    expect(state()).toBe("preAnimating");
    const element = screen.getByTestId("revealed").parentElement!;
    expect(element.style.getPropertyValue("--reveal-y")).toBe(`${REVEAL.slideDistancePx}px`);
    expect(element.style.getPropertyValue("--reveal-delay")).toBe(`${2 * REVEAL.durationMs * REVEAL.cascadeFactor}ms`);
    intersect(element);
    expect(state()).toBe("animating");
    act(() => jest.advanceTimersByTime(2 * REVEAL.durationMs * REVEAL.cascadeFactor + REVEAL.durationMs));
    expect(state()).toBe("noAnimation");
    expect(createStore(window.sessionStorage).get(revealStorageKey("/#cards"), false, { now: Date.now() })).toBe(true);
  });

  it.each([
    ["prefers-reduced-motion: shown without animation", [REDUCED_MOTION_QUERY], undefined, "noAnimation"],
    ["a touch device with the mobile-disable option: shown without animation", [TOUCH_QUERY], true, "noAnimation"],
    ["plays on touch devices when the mobile-disable option is off", [TOUCH_QUERY], false, "preAnimating"],
  ])("%s", (_name, queries, disableOnTouch, expected) => {
    mockMatchMedia(queries);
    belowFold();
    render(card({ disableOnTouch }));
    expect(state()).toBe(expected);
  });

  it("once only: does not play again in the same session", () => {
    createStore(window.sessionStorage).set(revealStorageKey("/#cards"), true);
    belowFold();
    render(card());
    expect(state()).toBe("noAnimation");
  });

  it("content a visitor acts on (animate={false}) is never hidden or moved, even below the fold", () => {
    belowFold();
    const { rerender } = render(card({ animate: false }));
    expect(state()).toBe("noAnimation");
    rerender(card({ animate: false }, "Card, re-rendered"));
    expect(state()).toBe("noAnimation");
  });

  it("a re-render while waiting below the fold keeps the status the browser reached", () => {
    belowFold();
    const { rerender } = render(card());
    rerender(card({}, "Card, re-rendered"));
    expect(state()).toBe("preAnimating");
  });

  it("content already on screen when the page loads is never hidden", () => {
    jest.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ top: 10, bottom: 300, left: 0, right: 300, width: 300, height: 290, x: 0, y: 10, toJSON: () => ({}) });
    render(card());
    expect(state()).toBe("noAnimation");
  });
});

describe("Accordion (SPEC §4: exclusive by default, content marked rendered after the animation)", () => {
  const items = ["Cuts", "Colour", "Nails"].map((name) => ({
    id: name,
    header: <span>{name}</span>,
    toggleLabel: `${name} details`,
    content: <p>{name} prices</p>,
  }));
  const toggle = (name: string) => screen.getByRole("button", { name: `${name} details` });

  it("opening one closes the other by default", () => {
    jest.useFakeTimers();
    render(<Accordion items={items} />);
    expect(toggle("Cuts")).not.toHaveAttribute("aria-controls");
    fireEvent.click(toggle("Cuts"));
    const cutsId = toggle("Cuts").getAttribute("aria-controls")!;
    fireEvent.click(toggle("Colour"));
    expect(toggle("Cuts")).toHaveAttribute("aria-expanded", "false");
    expect(toggle("Colour")).toHaveAttribute("aria-expanded", "true");
    // The closing item is inert during its height animation, then leaves the page.
    expect(document.getElementById(cutsId)).toHaveAttribute("inert");
    act(() => jest.advanceTimersByTime(ANIMATION.accordionContentMs));
    expect(screen.queryByText("Cuts prices")).toBeNull();
    expect(screen.getByText("Colour prices")).toBeInTheDocument();
  });

  it("keeps several open when not exclusive", () => {
    render(<Accordion items={items} exclusive={false} />);
    fireEvent.click(toggle("Cuts"));
    fireEvent.click(toggle("Colour"));
    expect(screen.getByText("Cuts prices")).toBeInTheDocument();
    expect(screen.getByText("Colour prices")).toBeInTheDocument();
  });

  it(`marks the content rendered ${ANIMATION.accordionContentMs} ms after it opens`, () => {
    jest.useFakeTimers();
    render(<Accordion items={items} />);
    fireEvent.click(toggle("Nails"));
    const content = document.getElementById(toggle("Nails").getAttribute("aria-controls")!)!;
    expect(content).toHaveAttribute("data-rendered", "false");
    act(() => jest.advanceTimersByTime(ANIMATION.accordionContentMs - 1));
    expect(content).toHaveAttribute("data-rendered", "false");
    act(() => jest.advanceTimersByTime(1));
    expect(content).toHaveAttribute("data-rendered", "true");
  });
});

describe("Icon", () => {
  it("draws a known icon, hidden from assistive technology", () => {
    const { container } = render(<Icon name="phone" />);
    expect(container.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
  });

  it("reports an unknown icon on the console only (SPEC §8)", () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    const { container } = render(<Icon name="unicorn" />);
    expect(container).toBeEmptyDOMElement();
    expect(warn).toHaveBeenCalledWith('Could not find icon "unicorn"');
    warn.mockRestore();
  });
});
