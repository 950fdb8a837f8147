import React from "react";
import { onPreRenderHTML, onRenderBody, withTitledFrames } from "../ssr-api";
import { earlyTapsScript } from "../../hydration/early-taps";
import { Icon, ICON_NAMES } from "../../components/icons";
import { renderToStaticHtml } from "../../__tests__/server-render";

describe("onPreRenderHTML", () => {
  const gtmFrame = '<iframe src="https://www.googletagmanager.com/ns.html?id=GTM-X" height="0" width="0" style="display: none; visibility: hidden" aria-hidden="true"></iframe>';
  const preBody = () => [<noscript key="plugin-google-tagmanager" dangerouslySetInnerHTML={{ __html: gtmFrame }} />];

  function run(pathname: string): { body: string } {
    let body: React.ReactNode[] = [];
    const api = onPreRenderHTML as unknown as (args: object) => void;
    api({ pathname, getPreBodyComponents: preBody, replacePreBodyComponents: (next: React.ReactNode[]) => (body = next) });
    return { body: renderToStaticHtml(<>{body}</>) };
  }

  it("names the tag manager's <noscript> frame on every page", () => {
    expect(run("/contact/").body).toContain('<noscript><iframe title="Google Tag Manager" src="https://www.googletagmanager.com/ns.html?id=GTM-X"');
  });
});

describe("withTitledFrames", () => {
  it.each([
    ['<iframe src="x"></iframe>', '<iframe title="Google Tag Manager" src="x"></iframe>'],
    ['<iframe title="Map" src="x"></iframe>', '<iframe title="Map" src="x"></iframe>'],
    ["<p>no frame</p>", "<p>no frame</p>"],
  ])("%p → %p", (html, expected) => {
    expect(withTitledFrames(html)).toBe(expected);
  });
});

describe("onRenderBody: the document's language", () => {
  const language = (defined: string | undefined) => {
    const saved = process.env.MAINSTREET_LOCALE;
    if (defined === undefined) delete process.env.MAINSTREET_LOCALE;
    else process.env.MAINSTREET_LOCALE = defined;
    let attributes: Record<string, string> = {};
    try {
      (onRenderBody as unknown as (args: object) => void)({ setHtmlAttributes: (given: Record<string, string>) => (attributes = given), setHeadComponents: () => undefined, setPreBodyComponents: () => undefined });
    } finally {
      if (saved === undefined) delete process.env.MAINSTREET_LOCALE;
      else process.env.MAINSTREET_LOCALE = saved;
    }
    return attributes;
  };

  it.each([
    ["the business's locale, as the build defines it", "ja-JP", { lang: "ja-JP" }],
    ["English when the build defined none (a test render)", undefined, { lang: "en-US" }],
  ])("%s", (_case, defined, expected) => {
    expect(language(defined)).toEqual(expected);
  });
});

describe("onRenderBody: the icons' sprite", () => {
  it("puts one symbol per icon in every page, and each icon draws from its own", () => {
    let body: React.ReactNode[] = [];
    const api = onRenderBody as unknown as (args: object) => void;
    api({ setHtmlAttributes: () => undefined, setHeadComponents: () => undefined, setPreBodyComponents: (components: React.ReactNode[]) => (body = components) });
    const page = document.createElement("div");
    page.innerHTML = renderToStaticHtml(
      <>
        {body}
        {ICON_NAMES.map((name) => (
          <Icon key={name} name={name} />
        ))}
      </>,
    );
    const symbols = [...page.querySelectorAll("svg.icon-sprite symbol")];
    expect(symbols.map((symbol) => symbol.id)).toEqual(ICON_NAMES.map((name) => `icon-${name}`));
    expect(symbols.every((symbol) => symbol.querySelectorAll("path").length > 0)).toBe(true);
    for (const icon of page.querySelectorAll("svg.icon")) {
      const target = icon.querySelector("use")!.getAttribute("href")!;
      expect(page.querySelector(target)?.getAttribute("id")).toBe(`icon-${icon.getAttribute("data-icon")}`);
    }
  });
});

describe("onRenderBody: the taps held before the app's scripts run", () => {
  it("puts the inline script that holds them in every page's head", () => {
    let head: React.ReactNode[] = [];
    const api = onRenderBody as unknown as (args: object) => void;
    api({ setHtmlAttributes: () => undefined, setHeadComponents: (components: React.ReactNode[]) => (head = components), setPreBodyComponents: () => undefined });
    const page = document.createElement("div");
    page.innerHTML = renderToStaticHtml(<>{head}</>);
    expect(page.querySelector("script#early-taps")?.textContent).toBe(earlyTapsScript());
  });
});
