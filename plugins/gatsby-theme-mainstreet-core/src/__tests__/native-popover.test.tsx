import React, { useRef, useState } from "react";
import { act, render, screen } from "@testing-library/react";
import { disclosureToggleProps, popoverAttributes, popoverTargetAttributes, useNativePopover } from "../hydration/native-popover";
import { focusableIn } from "../hooks/focusable";

/**
 * A served popover taken over by its component (hydration/native-popover.ts). jsdom knows no popovers: the test
 * gives elements the browser's showPopover and hidePopover, with the open state kept as the browser keeps it and
 * a toggle event when it changes.
 */

const open = new WeakSet<Element>();
const nativeMatches = Element.prototype.matches;

beforeAll(() => {
  Object.assign(HTMLElement.prototype, {
    showPopover(this: HTMLElement) {
      open.add(this);
      this.dispatchEvent(Object.assign(new Event("toggle"), { newState: "open" }));
    },
    hidePopover(this: HTMLElement) {
      open.delete(this);
      this.dispatchEvent(Object.assign(new Event("toggle"), { newState: "closed" }));
    },
  });
  Element.prototype.matches = function matches(this: Element, selector: string) {
    return selector === ":popover-open" ? open.has(this) : nativeMatches.call(this, selector);
  };
});

afterAll(() => {
  const prototype = HTMLElement.prototype as unknown as Record<string, unknown>;
  delete prototype.showPopover;
  delete prototype.hidePopover;
  Element.prototype.matches = nativeMatches;
});

function Widget({ openedBefore }: { openedBefore: boolean }) {
  const [isOpen, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  // The tap that came before the code: the browser showed the popover as soon as it was in the page.
  const tappedBefore = useRef(openedBefore);
  const popover = useNativePopover(
    ref,
    isOpen,
    () => setOpen(true),
    () => setOpen(false),
  );
  return (
    <>
      <button type="button" aria-expanded={popover.expanded} data-served={popover.served} {...popoverTargetAttributes("week")}>
        Week
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Close from React
      </button>
      <div
        id="week"
        ref={(element) => {
          (ref as { current: HTMLDivElement | null }).current = element;
          if (element && tappedBefore.current) open.add(element);
          tappedBefore.current = false;
        }}
        {...popoverAttributes()}
      >
        <a href="/monday/">Monday</a>
      </div>
    </>
  );
}

describe("a served popover taken over by its component", () => {
  it("serves the popover hidden, with its button pointing at it", () => {
    render(<Widget openedBefore={false} />);
    const week = document.getElementById("week")!;
    expect(week).toHaveAttribute("popover", "auto");
    expect(week).toHaveAttribute("hidden");
    expect(screen.getByRole("button", { name: "Week" })).toHaveAttribute("popovertarget", "week");
    expect(screen.getByRole("button", { name: "Week" })).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByRole("button", { name: "Week" })).toHaveAttribute("data-served", "false");
  });

  it("keeps a popover the browser opened before the code open, with the state saying so; the browser closing it closes the state", () => {
    render(<Widget openedBefore />);
    const button = screen.getByRole("button", { name: "Week" });
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(button).toHaveAttribute("data-served", "true");
    const week = document.getElementById("week")!;
    expect(open.has(week)).toBe(true);
    expect(focusableIn(week).map((element) => element.textContent)).toEqual(["Monday"]);

    act(() => week.hidePopover());
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveAttribute("data-served", "false");
    expect(focusableIn(week)).toEqual([]);
  });

  it("takes over a popover the browser opens after the component has mounted (its toggle's click left to the browser)", () => {
    render(<Widget openedBefore={false} />);
    const button = screen.getByRole("button", { name: "Week" });
    expect(button).toHaveAttribute("data-served", "false");
    act(() => document.getElementById("week")!.showPopover());
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(button).toHaveAttribute("data-served", "true");
  });

  it("hides the served popover when the state closes it (a change of page)", () => {
    render(<Widget openedBefore />);
    act(() => screen.getByRole("button", { name: "Close from React" }).click());
    expect(open.has(document.getElementById("week")!)).toBe(false);
    expect(screen.getByRole("button", { name: "Week" })).toHaveAttribute("aria-expanded", "false");
  });
});

describe("disclosureToggleProps", () => {
  const ids = { served: "week-served", panel: "week-panel" };
  const click = (props: ReturnType<typeof disclosureToggleProps>) => {
    const event = { preventDefault: jest.fn(), detail: 1 };
    props.onClick(event as unknown as React.MouseEvent<HTMLButtonElement>);
    return event;
  };

  it.each<[string, { served: boolean; expanded: boolean | undefined }, boolean, string | undefined, boolean]>([
    ["nothing open, the code here: the click opens the component's panel, not the served one", { served: false, expanded: false }, false, undefined, true],
    ["the served panel showing: the click is the browser's, which closes it", { served: true, expanded: true }, true, "week-served", false],
    ["the component's panel open: the click closes it, the served one stays shut", { served: false, expanded: true }, true, "week-panel", true],
  ])("%s", (_name, popover, isOpen, controls, toggles) => {
    const toggle = jest.fn();
    const props = disclosureToggleProps(popover, ids, isOpen, toggle);
    expect(props).toMatchObject({ popovertarget: "week-served", "aria-expanded": popover.expanded, "aria-controls": controls });
    const event = click(props);
    expect(toggle).toHaveBeenCalledTimes(toggles ? 1 : 0);
    expect(event.preventDefault).toHaveBeenCalledTimes(toggles ? 1 : 0);
  });
});
