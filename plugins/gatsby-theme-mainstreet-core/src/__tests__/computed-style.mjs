// Reads { html, selector, property } as JSON on stdin, renders the html in Debian's Chromium and prints
// the selected element's computed style property. Component tests run in jsdom, which computes no CSS
// custom properties; they call this for the one thing only a browser engine can tell.
import { chromium } from "@playwright/test";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { html, selector, property } = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  const page = await browser.newPage();
  await page.setContent(html, { waitUntil: "load" });
  const value = await page.locator(selector).first().evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
  process.stdout.write(JSON.stringify(value));
} finally {
  await browser.close();
}
