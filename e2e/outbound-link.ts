import type { Locator, Page } from "@playwright/test";

/**
 * Puts a link to another site first in the page's main (`#e2e-outbound`, to https://outbound.example/menu) and
 * reports every entry pushed to `window.dataLayer` from then on to `onEvent`, in the test's process: what the
 * link tracking sends as the link is followed, read even though the page is gone by the time the test looks.
 */
export async function outboundLinkReporting(page: Page, text: string, onEvent: (event: Record<string, unknown>) => void): Promise<Locator> {
  await page.exposeBinding("__reportEvent", (_source, event: Record<string, unknown>) => onEvent(event));
  await page.evaluate((label) => {
    const layer = (window.dataLayer = window.dataLayer ?? []);
    const push = layer.push.bind(layer);
    layer.push = (...entries: Record<string, unknown>[]) => {
      entries.forEach((entry) => (window as unknown as { __reportEvent: (e: unknown) => void }).__reportEvent(entry));
      return push(...entries);
    };
    const link = document.createElement("a");
    link.href = "https://outbound.example/menu";
    link.id = "e2e-outbound";
    link.textContent = label;
    document.querySelector("main")!.prepend(link);
  }, text);
  return page.locator("#e2e-outbound");
}
