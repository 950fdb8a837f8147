import React from "react";
import { render } from "@testing-library/react";
import { renderToStaticHtml } from "./server-render";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { ResponsiveImage } from "../components/responsive-image";

const constrained: IGatsbyImageData = {
  layout: "constrained",
  width: 480,
  height: 359.99999999999994,
  placeholder: { fallback: "data:image/jpeg;base64,AAAA" },
  images: {
    fallback: { src: "/static/a/480.jpg", srcSet: "/static/a/240.jpg 240w,\n/static/a/480.jpg 480w", sizes: "(min-width: 480px) 480px, 100vw" },
    sources: [{ type: "image/webp", srcSet: "/static/a/240.webp 240w,\n/static/a/480.webp 480w", sizes: "(min-width: 480px) 480px, 100vw" }],
  },
};
const fixed: IGatsbyImageData = {
  layout: "fixed",
  width: 120,
  height: 44,
  backgroundColor: "#112233",
  images: { fallback: { src: "/static/logo.png", srcSet: "/static/logo.png 1x" }, sources: [] },
};

describe("ResponsiveImage (gatsby-plugin-image data without its runtime)", () => {
  it.each([
    ["lazy by default", {}, { loading: "lazy", decoding: "async", fetchpriority: null }],
    ["eager and high priority above the fold", { eager: true }, { loading: "eager", decoding: "sync", fetchpriority: "high" }],
    ["eager without priority (a logo)", { eager: true, priority: false }, { loading: "eager", decoding: "sync", fetchpriority: null }],
  ])("%s", (_name, props, expected) => {
    const { container } = render(<ResponsiveImage image={constrained} alt="A haircut" {...props} />);
    const img = container.querySelector("img")!;
    expect(img.getAttribute("loading")).toBe(expected.loading);
    expect(img.getAttribute("decoding")).toBe(expected.decoding);
    expect(img.getAttribute("fetchpriority")).toBe(expected.fetchpriority);
  });

  it("server-renders a valid picture: src always present, webp source first, intrinsic size, alt", () => {
    const html = renderToStaticHtml(<ResponsiveImage image={constrained} alt="A haircut" className="item-card__image" />);
    const doc = new DOMParser().parseFromString(html, "text/html");
    const wrapper = doc.body.firstElementChild as HTMLElement;
    expect(wrapper.className).toBe("responsive-image responsive-image--constrained item-card__image");
    expect(wrapper.style.maxWidth).toBe("480px");
    expect(wrapper.style.backgroundImage).toContain("data:image/jpeg;base64,AAAA");
    const source = doc.querySelector("picture > source")!;
    expect(source.getAttribute("type")).toBe("image/webp");
    expect(source.getAttribute("srcset")).toContain("480.webp 480w");
    const img = doc.querySelector("picture > img")!;
    expect(img.getAttribute("src")).toBe("/static/a/480.jpg");
    expect(img.getAttribute("width")).toBe("480");
    expect(img.getAttribute("height")).toBe("360");
    expect(img.getAttribute("alt")).toBe("A haircut");
    expect(html).not.toMatch(/<script|data-src/);
  });

  it("a fixed image gets its exact box and falls back to the background colour without a placeholder", () => {
    const { container } = render(<ResponsiveImage image={fixed} alt="" />);
    const wrapper = container.firstElementChild as HTMLElement;
    expect(wrapper.style.width).toBe("120px");
    expect(wrapper.style.height).toBe("44px");
    expect(wrapper.style.backgroundColor).toBe("rgb(17, 34, 51)");
    expect(container.querySelector("img")).toHaveAttribute("alt", "");
    expect(container.querySelectorAll("source")).toHaveLength(0);
  });
});
