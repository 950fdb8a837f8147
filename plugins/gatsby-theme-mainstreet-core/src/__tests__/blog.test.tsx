import React, { type ComponentType } from "react";
import { render, screen, within } from "@testing-library/react";
import { useStaticQuery } from "gatsby";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import BlogIndexPage from "../components/pages/blog-index";
import BlogPostPage from "../components/pages/blog-post";
import { Head as BlogPostHead } from "../templates/blog-post-query";
import { Head as BlogIndexHead } from "../templates/blog-index-query";
import type { BlogPostSummary } from "../components/blog";
import type { PlannedPageContext } from "../components/pages/page-context";
import { installIntersectionObserver, mockMatchMedia } from "./dom-helpers";
import { renderToStaticHtml } from "./server-render";
import { sampleSite } from "./fixtures";
import { blogPostingJsonLd, jsonLdText, navigationListJsonLd } from "@mainstreet/rules/site/structured-data";

// The blog's index and post bodies, and the post's head (BlogPosting; the document's language is the server render's, runtime/ssr-api.ts).
const salon = sampleSite("salon");
const photo: IGatsbyImageData = { layout: "constrained", width: 480, height: 270, images: { fallback: { src: "/static/blog.jpg" } } };
const withPhoto = (post: Record<string, unknown>): BlogPostSummary & Record<string, unknown> =>
  ({ ...post, heroImage: post.heroImage ? { ...(post.heroImage as object), file: { publicURL: "/static/hero.jpg", childImageSharp: { gatsbyImageData: photo } } } : null }) as BlogPostSummary & Record<string, unknown>;
const posts = [...salon.posts].sort((a, b) => a.position - b.position).map(withPhoto);
const indexPage = (path: string) => salon.pages.find((page) => page.path === path)!;

beforeEach(() => {
  mockMatchMedia([]);
  installIntersectionObserver();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function renderPage(Page: ComponentType<any>, data: unknown, context: Partial<PlannedPageContext>) {
  return render(<Page data={data} pageContext={{ id: "x", title: "Journal", canonicalPath: "/journal/", template: "x", ...context }} location={{ pathname: context.canonicalPath ?? "/x/" }} />);
}

describe("the blog index", () => {
  const journal = salon.websitePages.find((page) => page.pageType === "blog")!;

  it("lists the salon's three posts newest first, each with its image, date in the business's zone, author and summary", () => {
    const planned = indexPage("/journal/");
    renderPage(BlogIndexPage, { mainstreetPage: { ...journal, components: [] }, allMainstreetBlogPost: { nodes: posts } }, planned.context);
    expect(screen.getByRole("heading", { level: 1, name: "Journal" })).toBeInTheDocument();
    const cards = screen.getAllByRole("article");
    expect(cards.map((card) => within(card).getByRole("heading", { level: 2 }).textContent)).toEqual([
      "Winter scalp care: what our esthetician recommends",
      "Your bridal hair timeline",
      "Making balayage last: an aftercare guide",
    ]);
    const first = within(cards[0]);
    expect(first.getByRole("link", { name: "Winter scalp care: what our esthetician recommends" })).toHaveAttribute("href", "/journal/winter-scalp-care/");
    expect(first.getByRole("img")).toHaveAttribute("alt", "Illustration of the Lakeview treatment room in sage green, with arched mirrors and a potted plant");
    expect(cards[0].querySelector("time")).toHaveAttribute("datetime", "2025-11-18");
    expect(cards[0].querySelector(".post-meta")?.textContent).toBe("18 November 2025 · By Lena Hoffmann");
    expect(first.getByText(/Dry heating and cold air/)).toBeInTheDocument();
    // Three posts fit on one page: no page links.
    expect(screen.queryByRole("navigation", { name: "Blog pages" })).not.toBeInTheDocument();
  });

  it("sends a Blog event with the post's title from each card's link", () => {
    renderPage(BlogIndexPage, { mainstreetPage: null, allMainstreetBlogPost: { nodes: posts } }, indexPage("/journal/").context);
    const link = screen.getByRole("link", { name: "Your bridal hair timeline" });
    expect([link.dataset.eventCategory, link.dataset.eventAction, link.dataset.eventLabel]).toEqual(["Blog", "Read Post", "Your bridal hair timeline"]);
  });

  it.each<[number, number, string[], string | null, string | null]>([
    [1, 3, ["Page 2", "Page 3"], null, "/journal/page/2/"],
    [2, 3, ["Page 1", "Page 3"], "/journal/", "/journal/page/3/"],
    [3, 3, ["Page 1", "Page 2"], "/journal/page/2/", null],
  ])("page %i of %i links the other pages, marks itself, and steps to newer and older posts", (page, pageCount, others, newer, older) => {
    renderPage(BlogIndexPage, { mainstreetPage: null, allMainstreetBlogPost: { nodes: posts } }, { blogPage: page, blogPageCount: pageCount, blogPath: "/journal/", title: page === 1 ? "Journal" : `Journal, page ${page}` });
    const nav = screen.getByRole("navigation", { name: "Blog pages" });
    expect(within(nav).getAllByRole("link", { name: /^Page \d$/ }).map((link) => link.getAttribute("aria-label"))).toEqual(others);
    expect(within(nav).getByText(String(page)).closest("[aria-current]")).toHaveAttribute("aria-current", "page");
    expect(within(nav).queryByRole("link", { name: "Newer posts" })?.getAttribute("href") ?? null).toBe(newer);
    expect(within(nav).queryByRole("link", { name: "Older posts" })?.getAttribute("href") ?? null).toBe(older);
    for (const link of within(nav).getAllByRole("link")) expect(link.dataset.eventAction).toBe("Change Page");
  });

  it("says so when the blog has no posts yet", () => {
    renderPage(BlogIndexPage, { mainstreetPage: null, allMainstreetBlogPost: { nodes: [] } }, indexPage("/journal/").context);
    expect(screen.getByText("No posts yet. Check back soon.")).toBeInTheDocument();
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
  });
});

describe("a blog post", () => {
  const bridal = posts.find((post) => post.postId === "post-bridal-timeline")!;
  const business = { name: salon.business.name, siteUrl: "https://example.test", locale: "en-US", logo: { file: { publicURL: "/static/logo.png" } } };
  const data = (post: Record<string, unknown>) => ({
    mainstreetBusiness: business,
    mainstreetPage: { title: "Journal", path: "/journal/" },
    mainstreetBlogPost: {
      ...post,
      newer: posts[0].postId === post.postId ? null : { title: posts[0].title, path: posts[0].path },
      older: { title: posts[2].title, path: posts[2].path },
    },
  });
  const context = (post: BlogPostSummary) => salon.pages.find((page) => page.context.postId === post.postId)!.context;

  it("shows the title, date, author, hero image with its alt text, summary and the body as elements", () => {
    renderPage(BlogPostPage, data(bridal), context(bridal));
    expect(screen.getByRole("heading", { level: 1, name: "Your bridal hair timeline" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Journal" })).toHaveAttribute("href", "/journal/");
    expect(document.querySelector(".blog-post__meta time")).toHaveAttribute("datetime", "2025-05-02");
    expect(document.querySelector(".blog-post__meta")?.textContent).toBe("2 May 2025 · By Priya Raman");
    expect(screen.getByRole("img")).toHaveAttribute("alt", "Illustration of a bride seen from the front, her dark hair gathered in a bun");
    expect(screen.getByText(/When to book your trial/)).toHaveClass("blog-post__summary");
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual(["Six months before", "Three months before", "Six weeks before", "Two weeks before", "The day before"]);
    expect(screen.getByText("trial", { selector: "strong" })).toBeInTheDocument();
    const steps = screen.getAllByRole("list").find((list) => list.tagName === "OL")!;
    expect(within(steps).getAllByRole("listitem")).toHaveLength(3);
  });

  it("links the services on the site, calls by tel: with the Contact event, and names its neighbours", () => {
    renderPage(BlogPostPage, data(bridal), context(bridal));
    const services = screen.getByRole("link", { name: "bridal trial and wedding-day services" });
    expect(services).toHaveAttribute("href", "/services/bridal/");
    expect(services.dataset.eventCategory).toBe("Blog");
    const call = screen.getByRole("link", { name: "call the Carrow Street studio" });
    expect(call).toHaveAttribute("href", "tel:+17185550142");
    expect(call.dataset.eventCategory).toBeUndefined();
    const more = screen.getByRole("navigation", { name: "More posts" });
    expect(within(more).getByRole("link", { name: /Newer post/ })).toHaveAttribute("href", posts[0].path);
    expect(within(more).getByRole("link", { name: /Older post/ })).toHaveAttribute("href", posts[2].path);
  });

  it("never renders the data as HTML, and drops links the link rules refuse", () => {
    const hostile = { ...bridal, content: 'Hi <img src=x onerror="alert(1)"> there\n\n[click me](javascript:alert(1)) and [off site](https://example.org/guide)' };
    const { container } = renderPage(BlogPostPage, data(hostile), context(bridal));
    expect(container.querySelector(".blog-post__body img")).toBeNull();
    expect(screen.getByText(/Hi <img src=x onerror="alert\(1\)"> there/)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "click me" })).not.toBeInTheDocument();
    expect(screen.getByText(/click me/).textContent).toBe("click me and off site (opens in a new tab)");
    const offSite = screen.getByRole("link", { name: /off site/ });
    expect(offSite).toHaveAttribute("target", "_blank");
    expect(offSite).toHaveAttribute("rel", "noopener noreferrer");
  });
});

describe("the blog's heads", () => {
  beforeEach(() => {
    (useStaticQuery as jest.Mock).mockReturnValue({
      mainstreetBusiness: {
        ...salon.site.business,
        logo: null,
        heroImage: null,
        recipeStyle: ":root{}",
        // Written at build time by the structured-data resolvers; here from the same rules.
        structuredData: [jsonLdText(navigationListJsonLd(salon.site.business.navigation.all, "https://example.test"))],
      },
    });
  });

  // What the MainstreetBlogPost.structuredData resolver writes for a post (node/structured-data-resolvers.ts).
  const postingText = (post: (typeof posts)[number], url: string) =>
    jsonLdText(
      blogPostingJsonLd(
        { title: post.title, summary: post.summary, author: post.author, datePublished: String(post.publishedAt), image: { publicURL: "/static/hero.jpg" }, url },
        { siteUrl: "https://example.test", publisher: { name: salon.business.name, logo: { publicURL: "/static/logo.png" } }, inLanguage: "en-US", imageUrl: (record) => record.publicURL },
      ),
    );

  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1].replace(/\\u003c/g, "<")) as Record<string, unknown>);

  it("a post carries its BlogPosting, an article Open Graph type and the document's language", () => {
    const bridal = posts.find((post) => post.postId === "post-bridal-timeline")!;
    const planned = salon.pages.find((page) => page.context.postId === bridal.postId)!;
    const html = renderToStaticHtml(
      <BlogPostHead
        data={{
          mainstreetBusiness: { name: salon.business.name, siteUrl: "https://example.test", locale: "en-US", logo: { file: { publicURL: "/static/logo.png" } } },
          mainstreetPage: null,
          mainstreetBlogPost: { ...bridal, structuredData: postingText(bridal, planned.context.canonicalPath), newer: null, older: null } as never,
        }}
        pageContext={{ ...planned.context, template: planned.template }}
        location={{ pathname: planned.path } as never}
        params={{}}
        serverData={{}}
      />,
    );
    // No <html> attributes from the head: Gatsby would set them again after hydration and restyle the page.
    expect(html).not.toContain("<html");
    expect(html).toContain('<meta property="og:type" content="article"/>');
    const posting = jsonLd(html).find((block) => block["@type"] === "BlogPosting");
    expect(posting).toMatchObject({
      headline: "Your bridal hair timeline",
      datePublished: "2025-05-02T10:00:00-04:00",
      author: { "@type": "Person", name: "Priya Raman" },
      publisher: { "@type": "Organization", name: "Luma Hair & Beauty", logo: { "@type": "ImageObject", url: "https://example.test/static/logo.png" } },
      image: ["https://example.test/static/hero.jpg"],
      url: "https://example.test/journal/bridal-hair-timeline/",
      inLanguage: "en-US",
    });
    expect(jsonLd(html).some((block) => block["@type"] === "ItemList")).toBe(true);
  });

  it.each<[string, string]>([
    ["/journal/", "Journal: hair care, colour and bridal advice | Luma Hair &amp; Beauty"],
  ])("the index page %s is titled %p", (path, title) => {
    const planned = indexPage(path);
    const html = renderToStaticHtml(
      <BlogIndexHead
        data={{ mainstreetPage: { title: "Journal", seoTitle: "Journal: hair care, colour and bridal advice", seoDescription: "Advice.", components: [] }, allMainstreetBlogPost: { nodes: [] } }}
        pageContext={{ ...planned.context, template: planned.template }}
        location={{ pathname: path } as never}
        params={{}}
        serverData={{}}
      />,
    );
    expect(html).toContain(`<title>${title}</title>`);
  });
});
