import React from "react";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { useStaticQuery } from "gatsby";
import { Layout } from "../layout/layout";
import { DROPDOWN, NAVIGATION, POPUP_ACCORDION } from "@mainstreet/rules/business/constants";
import { CAN_HOVER_QUERY } from "../hooks/media-queries";
import { TRAY_BODY_CLASS } from "../layout/tray-ids";
import { installPointerEvent, mockMatchMedia } from "./dom-helpers";
import { sampleSite } from "./fixtures";

// Animations are covered in motion.test.tsx; here the frame renders without loading framer-motion's
// features, so open and close are immediate and deterministic.
jest.mock("../components/motion", () => {
  const actual = jest.requireActual("../components/motion");
  return { ...actual, MotionProvider: ({ children }: { children: React.ReactNode }) => children };
});

const salon = sampleSite("salon");

function renderLayout(path = "/") {
  return render(
    <Layout path={path} template="home">
      <h1>Body</h1>
      <a href="#after">Link in the page</a>
    </Layout>,
  );
}

const toggle = (label: string) => screen.getByRole("button", { name: `${label} menu` });

beforeAll(async () => {
  installPointerEvent();
  // The tray is a lazy chunk; compiling it (and framer-motion) on first use can outlast findByRole's 1 s
  // on a loaded 2-core CI machine. Loading it here keeps the specs about the tray, not the transform.
  await import("../layout/tray-layer");
});

beforeEach(() => {
  mockMatchMedia([]);
  (useStaticQuery as jest.Mock).mockReturnValue({
    mainstreetBusiness: salon.site.business,
    allMainstreetLocation: { nodes: salon.site.locations },
  });
});

afterEach(() => {
  jest.useRealTimers();
});

describe("desktop dropdowns (SPEC §2)", () => {
  it("opens on click, shows an X icon while open, and keeps only one open at a time", () => {
    renderLayout();
    expect(toggle("Services")).toHaveAttribute("aria-expanded", "false");
    expect(toggle("Services").querySelector("[data-icon]")).toHaveAttribute("data-icon", "chevronDown");

    fireEvent.click(toggle("Services"), { detail: 1 });
    expect(toggle("Services")).toHaveAttribute("aria-expanded", "true");
    expect(toggle("Services").querySelector("[data-icon]")).toHaveAttribute("data-icon", "close");
    const panelId = toggle("Services").getAttribute("aria-controls")!;
    const panel = document.getElementById(panelId)!;
    expect(within(panel).getByRole("link", { name: "Haircuts" })).toHaveAttribute("href", "/services/haircuts/");
    // Categories only: an item page is reached through its category, never listed in the menu.
    expect(within(panel).queryByRole("link", { name: "Women's Haircut" })).toBeNull();

    fireEvent.click(toggle("Our Team"), { detail: 1 });
    expect(toggle("Our Team")).toHaveAttribute("aria-expanded", "true");
    expect(toggle("Services")).toHaveAttribute("aria-expanded", "false");
    // A closing panel stays for its height animation, inert (neither focusable nor read), then goes; the
    // toggle stops pointing at it, so no reference ever dangles.
    expect(document.getElementById(panelId)).toHaveAttribute("inert");
    expect(toggle("Services")).not.toHaveAttribute("aria-controls");

    fireEvent.click(toggle("Our Team"), { detail: 1 });
    expect(toggle("Our Team")).toHaveAttribute("aria-expanded", "false");
  });

  it("closes on a pointer press outside the navigation", () => {
    renderLayout();
    fireEvent.click(toggle("Services"), { detail: 1 });
    fireEvent.pointerDown(screen.getByRole("heading", { name: "Body" }));
    expect(toggle("Services")).toHaveAttribute("aria-expanded", "false");
  });

  describe("hover on a device that can hover", () => {
    beforeEach(() => {
      jest.useFakeTimers();
      mockMatchMedia([CAN_HOVER_QUERY]);
    });

    const item = (label: string) => toggle(label).closest("li")!;

    it(`opens ${DROPDOWN.hoverOpenDelayMs} ms after a mouse enters, not before`, () => {
      renderLayout();
      fireEvent.pointerEnter(item("Our Team"), { pointerType: "mouse" });
      act(() => jest.advanceTimersByTime(DROPDOWN.hoverOpenDelayMs - 1));
      expect(toggle("Our Team")).toHaveAttribute("aria-expanded", "false");
      act(() => jest.advanceTimersByTime(1));
      expect(toggle("Our Team")).toHaveAttribute("aria-expanded", "true");
    });

    it("a pointer that leaves within the delay opens nothing", () => {
      renderLayout();
      fireEvent.pointerEnter(item("Our Team"), { pointerType: "mouse" });
      fireEvent.pointerLeave(item("Our Team"), { pointerType: "mouse" });
      act(() => jest.advanceTimersByTime(DROPDOWN.pointerLeaveCloseHoverableMs));
      expect(toggle("Our Team")).toHaveAttribute("aria-expanded", "false");
    });

    it(`closes ${DROPDOWN.pointerLeaveCloseMs} ms after the pointer leaves the trigger`, () => {
      renderLayout();
      fireEvent.pointerEnter(item("Our Team"), { pointerType: "mouse" });
      act(() => jest.advanceTimersByTime(DROPDOWN.hoverOpenDelayMs));
      fireEvent.pointerLeave(item("Our Team"), { pointerType: "mouse" });
      act(() => jest.advanceTimersByTime(DROPDOWN.pointerLeaveCloseMs - 1));
      expect(toggle("Our Team")).toHaveAttribute("aria-expanded", "true");
      act(() => jest.advanceTimersByTime(1));
      expect(toggle("Our Team")).toHaveAttribute("aria-expanded", "false");
    });

    it(`waits ${DROPDOWN.pointerLeaveCloseHoverableMs} ms once the pointer has been over the panel, and coming back cancels`, () => {
      renderLayout();
      fireEvent.pointerEnter(item("Our Team"), { pointerType: "mouse" });
      act(() => jest.advanceTimersByTime(DROPDOWN.hoverOpenDelayMs));
      const panel = document.getElementById(toggle("Our Team").getAttribute("aria-controls")!)!;
      fireEvent.pointerEnter(panel.querySelector(".nav-dropdown__inner")!, { pointerType: "mouse" });
      fireEvent.pointerLeave(item("Our Team"), { pointerType: "mouse" });
      act(() => jest.advanceTimersByTime(DROPDOWN.pointerLeaveCloseHoverableMs - 1));
      expect(toggle("Our Team")).toHaveAttribute("aria-expanded", "true");
      fireEvent.pointerEnter(item("Our Team"), { pointerType: "mouse" });
      act(() => jest.advanceTimersByTime(DROPDOWN.pointerLeaveCloseHoverableMs));
      expect(toggle("Our Team")).toHaveAttribute("aria-expanded", "true");
      fireEvent.pointerLeave(item("Our Team"), { pointerType: "mouse" });
      act(() => jest.advanceTimersByTime(DROPDOWN.pointerLeaveCloseHoverableMs));
      expect(toggle("Our Team")).toHaveAttribute("aria-expanded", "false");
    });

    it("a menu opened by click stays open when the pointer leaves", () => {
      renderLayout();
      fireEvent.pointerEnter(item("Our Team"), { pointerType: "mouse" });
      fireEvent.click(toggle("Our Team"), { detail: 1 });
      fireEvent.pointerLeave(item("Our Team"), { pointerType: "mouse" });
      act(() => jest.advanceTimersByTime(DROPDOWN.pointerLeaveCloseHoverableMs * 2));
      expect(toggle("Our Team")).toHaveAttribute("aria-expanded", "true");
    });

    it("touch never opens on hover: a tap opens by click instead", () => {
      renderLayout();
      fireEvent.pointerEnter(item("Our Team"), { pointerType: "touch" });
      act(() => jest.advanceTimersByTime(DROPDOWN.pointerLeaveCloseHoverableMs));
      expect(toggle("Our Team")).toHaveAttribute("aria-expanded", "false");
      fireEvent.click(toggle("Our Team"), { detail: 1 });
      fireEvent.pointerLeave(item("Our Team"), { pointerType: "touch" });
      act(() => jest.advanceTimersByTime(DROPDOWN.pointerLeaveCloseHoverableMs));
      expect(toggle("Our Team")).toHaveAttribute("aria-expanded", "true");
    });
  });

  it("does not open on hover when the device cannot hover (mouse events from a touch screen)", () => {
    jest.useFakeTimers();
    mockMatchMedia([]);
    renderLayout();
    fireEvent.pointerEnter(toggle("Our Team").closest("li")!, { pointerType: "mouse" });
    act(() => jest.advanceTimersByTime(DROPDOWN.pointerLeaveCloseHoverableMs));
    expect(toggle("Our Team")).toHaveAttribute("aria-expanded", "false");
  });
});

describe("keyboard (Enter/Space open, Escape closes and returns focus, arrow keys move)", () => {
  it("Enter or Space (a click with detail 0) opens and keeps focus on the toggle; Escape closes and returns focus", () => {
    renderLayout();
    toggle("Our Team").focus();
    fireEvent.click(toggle("Our Team"), { detail: 0 });
    expect(toggle("Our Team")).toHaveAttribute("aria-expanded", "true");
    expect(toggle("Our Team")).toHaveFocus();
    const panel = document.getElementById(toggle("Our Team").getAttribute("aria-controls")!)!;
    within(panel).getAllByRole("link")[1].focus();
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(toggle("Our Team")).toHaveAttribute("aria-expanded", "false");
    expect(toggle("Our Team")).toHaveFocus();
  });

  it("ArrowDown on the toggle opens and focuses the first link; arrows, Home and End move and wrap", () => {
    renderLayout();
    toggle("Our Team").focus();
    fireEvent.keyDown(toggle("Our Team"), { key: "ArrowDown" });
    const panel = document.getElementById(toggle("Our Team").getAttribute("aria-controls")!)!;
    const items = () => Array.from(panel.querySelectorAll<HTMLElement>("a[href], button"));
    expect(items()[0]).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
    expect(items()[1]).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" });
    fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" });
    expect(items()[items().length - 1]).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: "Home" });
    expect(items()[0]).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: "End" });
    expect(items()[items().length - 1]).toHaveFocus();
  });

  it("closes when focus moves out of the dropdown", () => {
    renderLayout();
    fireEvent.click(toggle("Our Team"), { detail: 0 });
    fireEvent.blur(toggle("Our Team"), { relatedTarget: screen.getByRole("link", { name: "Link in the page" }) });
    expect(toggle("Our Team")).toHaveAttribute("aria-expanded", "false");
  });
});

describe("popup accordion: See more / See less (SPEC §2, §9)", () => {
  it(`shows ${POPUP_ACCORDION.linksPerGroup} links per group, the 5th behind See more, folded again by See less`, () => {
    renderLayout();
    fireEvent.click(toggle("Our Team"), { detail: 1 });
    const panel = document.getElementById(toggle("Our Team").getAttribute("aria-controls")!)!;
    const members = salon.members.filter((member) => member.show).length;
    expect(members).toBeGreaterThan(POPUP_ACCORDION.linksPerGroup);
    expect(within(panel).getAllByRole("link")).toHaveLength(POPUP_ACCORDION.linksPerGroup);
    const more = within(panel).getByRole("button", { name: /^See more/ });
    expect(more).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(more);
    expect(within(panel).getAllByRole("link")).toHaveLength(members);
    const less = within(panel).getByRole("button", { name: /^See less/ });
    expect(less).toHaveAttribute("aria-expanded", "true");
    fireEvent.click(less);
    expect(within(panel).getAllByRole("link")).toHaveLength(POPUP_ACCORDION.linksPerGroup);
  });

  it("groups child pages under their navigation group headings", () => {
    renderLayout();
    fireEvent.click(toggle("Services"), { detail: 1 });
    const panel = document.getElementById(toggle("Services").getAttribute("aria-controls")!)!;
    const lists = within(panel).getAllByRole("list");
    expect(lists.map((list) => [document.getElementById(list.getAttribute("aria-labelledby")!)!.textContent, within(list).getAllByRole("link").map((link) => link.textContent)])).toEqual([
      // The data's navigation groups, in their order; 4 links, then See more.
      ["Hair", ["Haircuts", "Color", "Styling", "Treatments"]],
      ["Spa", ["Treatments", "Nails"]],
    ]);
    expect(within(panel).getAllByRole("button", { name: /^See more/ }).map((button) => button.textContent)).toEqual(["See more in Hair"]);
    expect(within(panel).getAllByRole("link", { name: "Treatments" }).map((link) => link.getAttribute("href"))).toEqual(["/services/treatments/", "/services/treatments-2/"]);
  });
});

describe("mobile tray (SPEC §4 Mobile menu)", () => {
  const menuToggle = () => screen.getByRole("button", { name: "Menu" });

  it("has a call action with the default label and a book-appointment button", () => {
    renderLayout();
    const banner = screen.getByRole("banner");
    expect(within(banner).getByRole("link", { name: "Call Business" })).toHaveAttribute("href", "tel:+17185550142");
    expect(within(banner).getByRole("link", { name: /Book an appointment/ })).toHaveAttribute("href", "/book/");
  });

  it("opens a full-screen dialog that disables body scroll and traps focus, and Escape gives focus back to the toggle", async () => {
    renderLayout();
    menuToggle().focus();
    fireEvent.click(menuToggle());
    expect(menuToggle()).toHaveAttribute("aria-expanded", "true");
    const tray = await screen.findByRole("dialog", { name: "Menu" });
    expect(document.body).toHaveClass(TRAY_BODY_CLASS);
    const close = within(tray).getByRole("button", { name: "Close menu" });
    expect(close).toHaveFocus();

    const focusable = tray.querySelectorAll<HTMLElement>("a[href], button");
    focusable[focusable.length - 1].focus();
    fireEvent.keyDown(document.activeElement!, { key: "Tab" });
    expect(focusable[0]).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: "Tab", shiftKey: true });
    expect(focusable[focusable.length - 1]).toHaveFocus();

    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(screen.queryByRole("dialog", { name: "Menu" })).toBeNull();
    expect(document.body).not.toHaveClass(TRAY_BODY_CLASS);
    expect(menuToggle()).toHaveAttribute("aria-expanded", "false");
    expect(menuToggle()).toHaveFocus();
  });

  it("its accordion is exclusive, and closing the tray closes every dropdown and popup in it", async () => {
    renderLayout();
    fireEvent.click(menuToggle());
    let tray = await screen.findByRole("dialog", { name: "Menu" });
    fireEvent.click(within(tray).getByRole("button", { name: "Services menu" }));
    fireEvent.click(within(tray).getAllByRole("button", { name: /^See more/ })[0]);
    expect(within(tray).getAllByRole("button", { name: /^See less/ })).toHaveLength(1);
    fireEvent.click(within(tray).getByRole("button", { name: "Our Team menu" }));
    expect(within(tray).getByRole("button", { name: "Services menu" })).toHaveAttribute("aria-expanded", "false");
    expect(within(tray).getByRole("button", { name: "Our Team menu" })).toHaveAttribute("aria-expanded", "true");

    fireEvent.click(within(tray).getByRole("button", { name: "Close menu" }));
    fireEvent.click(menuToggle());
    tray = await screen.findByRole("dialog", { name: "Menu" });
    expect(within(tray).getByRole("button", { name: "Our Team menu" })).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(within(tray).getByRole("button", { name: "Services menu" }));
    expect(within(tray).queryAllByRole("button", { name: /^See less/ })).toHaveLength(0);
  });

  it("closes when the route changes, without pulling focus back to the toggle", async () => {
    const view = renderLayout("/");
    fireEvent.click(menuToggle());
    await screen.findByRole("dialog", { name: "Menu" });
    view.rerender(
      <Layout path="/services/" template="services">
        <h1>Services</h1>
      </Layout>,
    );
    expect(screen.queryByRole("dialog", { name: "Menu" })).toBeNull();
    expect(menuToggle()).not.toHaveFocus();
  });
});

describe("sticky navigation (SPEC §4: after 300 px)", () => {
  it.each([
    [NAVIGATION.stickyOffsetPx, "false"],
    [NAVIGATION.stickyOffsetPx + 1, "true"],
  ])("at scrollY %i the bar is sticky: %s", async (scrollY, expected) => {
    renderLayout();
    await act(async () => {
      Object.defineProperty(window, "scrollY", { configurable: true, value: scrollY });
      window.dispatchEvent(new Event("scroll"));
      await new Promise((resolve) => window.requestAnimationFrame(() => resolve(undefined)));
    });
    expect(screen.getByRole("banner").closest(".site-header-slot")).toHaveAttribute("data-sticky", expected);
    Object.defineProperty(window, "scrollY", { configurable: true, value: 0 });
  });
});
