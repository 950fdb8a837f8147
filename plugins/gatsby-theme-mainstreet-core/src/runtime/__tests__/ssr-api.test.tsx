import React from "react";
import { OFFLINE_SHELL_PATH } from "@mainstreet/rules/constants";
import { onPreRenderHTML, validRefreshContent, withTitledFrames } from "../ssr-api";
import { renderToStaticHtml } from "../../__tests__/server-render";

describe("validRefreshContent", () => {
  it.each([
    ["0;url=/.gatsby-plugin-offline:api=disableOfflineShell&redirect=true", "0; url=/.gatsby-plugin-offline:api=disableOfflineShell&redirect=true"],
    ["5; url=/next/", "5; url=/next/"],
    ["3 ; URL = /x/", "3; url=/x/"],
    ["10", "10"],
    ["not a refresh", "not a refresh"],
  ])("%p → %p", (content, expected) => {
    expect(validRefreshContent(content)).toBe(expected);
  });
});

describe("onPreRenderHTML", () => {
  const offlineHead = () => [
    <noscript key="disable-offline-shell">
      <meta httpEquiv="refresh" content="0;url=/.gatsby-plugin-offline:api=disableOfflineShell&redirect=true" />
    </noscript>,
    <link key="icon" rel="icon" href="/favicon-32x32.png" />,
  ];

  const gtmFrame = '<iframe src="https://www.googletagmanager.com/ns.html?id=GTM-X" height="0" width="0" style="display: none; visibility: hidden" aria-hidden="true"></iframe>';
  const preBody = () => [<noscript key="plugin-google-tagmanager" dangerouslySetInnerHTML={{ __html: gtmFrame }} />];

  function run(pathname: string): { head: string | null; body: string } {
    let head: React.ReactNode[] | null = null;
    let body: React.ReactNode[] = [];
    const api = onPreRenderHTML as unknown as (args: object) => void;
    api({
      pathname,
      getHeadComponents: offlineHead,
      replaceHeadComponents: (next: React.ReactNode[]) => (head = next),
      getPreBodyComponents: preBody,
      replacePreBodyComponents: (next: React.ReactNode[]) => (body = next),
    });
    return { head: head ? renderToStaticHtml(<>{head}</>) : null, body: renderToStaticHtml(<>{body}</>) };
  }

  it("writes the offline shell's refresh in the valid form and keeps the rest of the head", () => {
    const html = run(OFFLINE_SHELL_PATH).head;
    expect(html).toContain('content="0; url=/.gatsby-plugin-offline:api=disableOfflineShell&amp;redirect=true"');
    expect(html).toContain('<link rel="icon" href="/favicon-32x32.png"/>');
  });

  it("leaves every other page's head alone", () => {
    expect(run("/contact/").head).toBeNull();
  });

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
