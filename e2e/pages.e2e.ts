import { expect, test } from "@playwright/test";
import { documentTitle } from "@mainstreet/rules/site/page-title";
import { checkJsonLd, extractJsonLdBlocks } from "../scripts/audit/json-ld";
import { jsonLdExpectations } from "../scripts/audit/page-types";
import { loadVocabulary } from "@mainstreet/rules/site/schema-vocabulary";
import { artifactsDir, onePagePerTemplate, siteUnderTest } from "./site";
import { collectConsoleErrors, sidewaysOverflow } from "./look";
import { startApp } from "./app";

const { site, business, pages } = siteUnderTest();
const servedPages = pages.filter((page) => page.template !== "404");
// Independent tests (each opens its own page): they spread over the workers (playwright.config.ts).
test.describe.configure({ mode: "parallel" });

// A sample built with a tag-manager id would load Google's script; no network here, and no third
// party in tests: answer it with an empty script so a page's own console errors stay visible.
test.beforeEach(async ({ page }) => {
  await page.route(/googletagmanager\.com/, (route) => route.fulfill({ status: 200, contentType: "application/javascript", body: "" }));
});

test.describe(`${site}: every planned page`, () => {
  test("the plan has the page types a business of this kind needs", () => {
    const templates = new Set(pages.map((page) => page.template));
    expect(templates.has("home")).toBe(true);
    expect(templates.has("404")).toBe(true);
    expect(servedPages.length).toBeGreaterThan(5);
  });

  for (const planned of servedPages) {
    test(`${planned.path} (${planned.template}) answers 200 with the business name and no console errors`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      const response = await page.goto(planned.path);
      expect(response?.status()).toBe(200);
      // Hydrated (the runtime marks <html>): any hydration or runtime error has been logged by then.
      await startApp(page);
      // The business name, exactly once (documentTitle).
      expect((await page.title()).split(business.name).length - 1).toBe(1);
      await expect(page.locator("h1").first()).toBeVisible();
      expect(errors).toEqual([]);
      // No page of any sample scrolls sideways, from the narrowest phone to a laptop.
      expect(await sidewaysOverflow(page)).toEqual([]);
    });
  }

  test("a missing page answers 404 with the site's not-found page", async ({ page }) => {
    const response = await page.goto("/no-such-page-here/");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });
});

// A business with a blog page gets its index and a page per post, every one of them also in the
// list above; here what only the blog has.
const blogIndex = pages.filter((page) => page.template === "blog-index");
const blogPosts = pages.filter((page) => page.template === "blog-post");
if (blogIndex.length > 0) {
  test.describe(`${site}: the blog`, () => {
    const vocabulary = loadVocabulary();
    const blog = business.pages.find((page) => page.pageType === "blog")!;

    test("the navigation links the blog, and its index lists every post, newest first", async ({ page }) => {
      await page.goto("/");
      await startApp(page);
      await expect(page.getByRole("banner").getByRole("link", { name: blog.title, exact: true }).first()).toHaveAttribute("href", blogIndex[0].path);
      await page.goto(blogIndex[0].path);
      const titles = await page.locator(".post-card__title a").allTextContents();
      expect(titles).toEqual(blogPosts.slice(0, 9).map((post) => post.context.title));
      for (const card of await page.locator(".post-card").all()) {
        await expect(card.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
      }
    });

    for (const planned of [...blogIndex, ...blogPosts]) {
      test(`${planned.path}: its title, and JSON-LD that passes the structured-data check (schema.org and Google's Article rules)`, async ({ request }) => {
        const html = await (await request.get(planned.path)).text();
        const post = business.blogPosts.find((candidate) => candidate.id === planned.context.postId);
        const title = post ? post.title : planned.context.blogPage === 1 ? (blog.seo.title ?? blog.title) : planned.context.title;
        expect(/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1]).toBe(documentTitle(title, business.name).replace(/&/g, "&amp;"));
        const blocks = extractJsonLdBlocks(html);
        expect(checkJsonLd(blocks, jsonLdExpectations(business, planned), vocabulary)).toEqual([]);
        const types = blocks.map((block) => (block.value as Record<string, unknown>)["@type"]);
        expect(types.includes("BlogPosting")).toBe(Boolean(post));
      });
    }

    test("a post shows its hero image with its alt text, its date and author, and its body as markup, not text", async ({ page }) => {
      const planned = blogPosts[0];
      const post = business.blogPosts.find((candidate) => candidate.id === planned.context.postId)!;
      await page.goto(planned.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
      if (post.heroImage) await expect(page.getByRole("img", { name: post.heroImage.alt })).toBeVisible();
      if (post.author) await expect(page.locator(".blog-post__meta")).toContainText(`By ${post.author}`);
      expect(await page.locator(".blog-post__body h2").count()).toBeGreaterThan(0);
      expect(await page.locator(".blog-post__body").innerText()).not.toMatch(/(^|\s)##\s|\*\*/);
    });

    const gtmId = process.env.GATSBY_GTM_ID;
    test(gtmId ? "opening a post from the index sends a Blog event" : "a post's link carries its Blog event, which nothing sends without a tag manager", async ({ page }) => {
      await page.goto(blogIndex[0].path);
      await startApp(page);
      const first = blogPosts[0];
      const link = page.locator(".post-card__title a").first();
      await expect(link).toHaveAttribute("data-event-category", "Blog");
      await expect(link).toHaveAttribute("data-event-action", "Read Post");
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${first.path}$`));
      const events = await page.evaluate(() => (window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []);
      const read = expect.objectContaining({ event: "mainstreet.event", eventCategory: "Blog", eventAction: "Read Post", eventLabel: first.context.title });
      if (gtmId) expect(events).toContainEqual(read);
      else expect(events).not.toContainEqual(read);
    });
  });
}

test.describe(`${site}: screenshots per page type`, () => {
  for (const width of [375, 1280]) {
    for (const planned of onePagePerTemplate(pages)) {
      test(`${planned.template} at ${width}px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        const response = await page.goto(planned.template === "404" ? "/no-such-page-here/" : planned.path, { waitUntil: "networkidle" });
        expect(response?.status()).toBe(planned.template === "404" ? 404 : 200);
        await page.screenshot({ path: `${artifactsDir(site)}/${planned.template}-${width}.png`, fullPage: true });
      });
    }
  }
});
