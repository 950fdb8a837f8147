import React from "react";
import { OFFLINE_SHELL_PATH } from "@mainstreet/rules/constants";
import { onPreRenderHTML, validRefreshContent } from "../ssr-api";
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

  function run(pathname: string): string | null {
    let replaced: React.ReactNode[] | null = null;
    const api = onPreRenderHTML as unknown as (args: object) => void;
    api({ pathname, getHeadComponents: offlineHead, replaceHeadComponents: (next: React.ReactNode[]) => (replaced = next) });
    return replaced ? renderToStaticHtml(<>{replaced}</>) : null;
  }

  it("writes the offline shell's refresh in the valid form and keeps the rest of the head", () => {
    const html = run(OFFLINE_SHELL_PATH);
    expect(html).toContain('content="0; url=/.gatsby-plugin-offline:api=disableOfflineShell&amp;redirect=true"');
    expect(html).toContain('<link rel="icon" href="/favicon-32x32.png"/>');
  });

  it("leaves every other page's head alone", () => {
    expect(run("/contact/")).toBeNull();
  });
});
