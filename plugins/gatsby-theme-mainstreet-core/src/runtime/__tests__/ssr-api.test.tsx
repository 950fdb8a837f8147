import React from "react";
import { onPreRenderHTML, withTitledFrames } from "../ssr-api";
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
