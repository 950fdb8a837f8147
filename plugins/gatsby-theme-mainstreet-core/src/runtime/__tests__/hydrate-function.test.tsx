import React, { act } from "react";
import { replaceHydrateFunction } from "../browser-api";

type Renderer = (element: React.ReactElement, container: Element) => () => void;

/** Gatsby's renderer as the core theme replaces it: used for the page's root and for any root Gatsby adds. */
const renderer = replaceHydrateFunction() as Renderer;

describe("the renderer Gatsby uses for every root", () => {
  let errors: jest.SpyInstance;
  beforeAll(() => Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true }));
  beforeEach(() => {
    errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    document.body.innerHTML = '<div id="___gatsby"><div id="gatsby-focus-wrapper"><main><p>Server HTML</p></main></div></div>';
  });
  afterEach(() => {
    errors.mockRestore();
    document.body.innerHTML = "";
  });

  it("renders into a new empty element (gatsby develop's loading indicators) while the page's server HTML is on screen, without a hydration error", async () => {
    const indicator = document.createElement("div");
    document.body.append(indicator);
    let unmount: (() => void) | undefined;
    await act(async () => {
      unmount = renderer(<span>Preparing page</span>, indicator);
    });
    expect(indicator.innerHTML).toBe("<span>Preparing page</span>");
    expect(errors).not.toHaveBeenCalled();
    act(() => unmount?.());
    expect(indicator.innerHTML).toBe("");
  });

  it("hydrates the page's own server HTML, keeping its nodes, and unmounts it when asked", async () => {
    const container = document.getElementById("___gatsby") as HTMLElement;
    const paragraph = container.querySelector("p");
    let unmount: (() => void) | undefined;
    await act(async () => {
      unmount = renderer(
        <div id="gatsby-focus-wrapper">
          <main>
            <p>Server HTML</p>
          </main>
        </div>,
        container,
      );
    });
    expect(container.querySelector("p")).toBe(paragraph);
    expect(Object.keys(paragraph as HTMLElement).some((key) => key.startsWith("__reactProps"))).toBe(true);
    expect(errors).not.toHaveBeenCalled();
    act(() => unmount?.());
    expect(container.innerHTML).toBe("");
  });
});
