import React from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { onFirstInteraction } from "../hydration/first-interaction";
import { m, motion } from "framer-motion";
import { MotionProvider, useMotionEnabled } from "../components/motion";
import { REDUCED_MOTION_QUERY } from "../hooks/media-queries";
import { mockMatchMedia } from "./dom-helpers";

function Probe() {
  return <p data-testid="probe">{useMotionEnabled() ? "animated" : "static"}</p>;
}

const settle = () => act(async () => {
  await new Promise((resolve) => setTimeout(resolve, 0));
});

describe("MotionProvider (framer-motion through LazyMotion + m only)", () => {
  beforeEach(() => mockMatchMedia([]));

  it("renders at once without animation, then animates once the features chunk has loaded", async () => {
    render(
      <MotionProvider>
        <Probe />
        <m.div>content</m.div>
      </MotionProvider>,
    );
    expect(screen.getByTestId("probe")).toHaveTextContent("static");
    expect(screen.getByText("content")).toBeInTheDocument();
    await settle();
    await settle();
    expect(screen.getByTestId("probe")).toHaveTextContent("animated");
  });

  it("stays static under prefers-reduced-motion even once the features are there", async () => {
    mockMatchMedia([REDUCED_MOTION_QUERY]);
    render(
      <MotionProvider>
        <Probe />
      </MotionProvider>,
    );
    await settle();
    await settle();
    expect(screen.getByTestId("probe")).toHaveTextContent("static");
  });

  it("is strict: a full `motion` component inside throws instead of pulling in every feature", () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() =>
      render(
        <MotionProvider>
          <motion.div>heavy</motion.div>
        </MotionProvider>,
      ),
    ).toThrow(/strict/i);
    spy.mockRestore();
  });
});

describe("onFirstInteraction (warming up the tray and animations)", () => {
  it.each([
    ["a pointer press", () => fireEvent.pointerDown(window)],
    ["a key press", () => fireEvent.keyDown(window, { key: "Tab" })],
    ["a touch", () => fireEvent.touchStart(window)],
  ])("runs once, on %s", (_name, interact) => {
    const callback = jest.fn();
    const stop = onFirstInteraction(callback);
    expect(callback).not.toHaveBeenCalled();
    interact();
    interact();
    expect(callback).toHaveBeenCalledTimes(1);
    stop();
  });

  it("does not run for scrolling alone, and can be cancelled", () => {
    const callback = jest.fn();
    const stop = onFirstInteraction(callback);
    fireEvent.scroll(window);
    stop();
    fireEvent.pointerDown(window);
    expect(callback).not.toHaveBeenCalled();
  });
});
