import type { Page } from "@playwright/test";
import { START_APP_GLOBAL } from "../plugins/gatsby-theme-mainstreet-core/src/data/page-start";

/**
 * Starts the page's app as the visitor's first touch, key or tab would (the inline loader's own start function,
 * data/page-start.ts) and waits until React has hydrated the page (onInitialClientRender marks <html>). A page
 * serves its HTML and runs only its small page watcher until then, so every check of what the app does begins
 * here; e2e/on-demand.e2e.ts checks the start itself, by real touches and keys. A page already started (a page
 * the app moved to, one that started at load) is only waited for.
 */
export async function startApp(page: Page, timeout = 30_000): Promise<void> {
  await askForApp(page);
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout });
}

/** Starts the page's app without waiting for it to hydrate (a page whose app is expected to give up). */
export async function askForApp(page: Page): Promise<void> {
  // The loader defines it as the parser reaches it, at the end of the body.
  await page.waitForLoadState("domcontentloaded");
  const found = await page.evaluate((name) => {
    const start = (window as unknown as Record<string, unknown>)[name];
    if (typeof start === "function") start();
    return typeof start === "function";
  }, START_APP_GLOBAL);
  if (!found) throw new Error(`startApp: ${page.url()} has no app loader (window.${START_APP_GLOBAL})`);
}
