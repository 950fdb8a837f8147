import { BLOG_PAGE_SIZE, blogIndexPath, blogPageCount, blogPostSlugs, newestFirst, publishedAt } from "../blog";

describe("publishedAt: the business's date and instant", () => {
  it.each<[string, string, string | undefined, string, string, string]>([
    ["a date is midnight on the business's clock", "2025-03-14", undefined, "2025-03-14T00:00:00-04:00", "2025-03-14", "14 March 2025"],
    ["a date-time with an offset keeps its instant, shown at the business's offset", "2025-05-02T10:00:00-04:00", undefined, "2025-05-02T10:00:00-04:00", "2025-05-02", "2 May 2025"],
    // 01:30 UTC is still the evening before in New York.
    ["a UTC time late at night is the previous day in New York", "2025-06-01T01:30:00Z", undefined, "2025-05-31T21:30:00-04:00", "2025-05-31", "31 May 2025"],
    ["a date-time without an offset is the business's wall clock", "2025-11-02T09:30", undefined, "2025-11-02T09:30:00-05:00", "2025-11-02", "2 November 2025"],
    ["in ja-JP", "2025-03-14", "ja-JP", "2025-03-14T00:00:00-04:00", "2025-03-14", "2025年3月14日"],
    ["in de-DE", "2025-03-14", "de-DE", "2025-03-14T00:00:00-04:00", "2025-03-14", "14. März 2025"],
  ])("%s", (_name, text, locale, iso, date, label) => {
    const result = publishedAt(text, "America/New_York", locale);
    expect([result.iso, result.date, result.label]).toEqual([iso, date, label]);
    expect(result.at).toBe(Date.parse(iso));
  });

  it("names the value and the zone when luxon cannot read it", () => {
    expect(() => publishedAt("2025-02-30", "America/New_York")).toThrow('blog: publishedAt: expected a date like "2025-03-14" or "2025-03-14T09:30:00Z" in zone America/New_York, got "2025-02-30"');
  });
});

describe("blogPostSlugs: SPEC §2 slug rules", () => {
  it.each<[string, { title: string; slug?: string }[], string[]]>([
    ["titles become slugs", [{ title: "Making balayage last: an aftercare guide" }], ["making-balayage-last-an-aftercare-guide"]],
    ["a post's own slug wins", [{ title: "Your bridal hair timeline", slug: "bridal-hair-timeline" }], ["bridal-hair-timeline"]],
    ["accents are transliterated", [{ title: "Crème de la crème" }], ["creme-de-la-creme"]],
    ["equal titles get -2, -3 by position", [{ title: "Spring" }, { title: "Spring" }, { title: "Spring!" }], ["spring", "spring-2", "spring-3"]],
    ["a title never takes a slug a merchant chose, even from an earlier post", [{ title: "Spring" }, { title: "Other", slug: "spring" }], ["spring-2", "spring"]],
    ["a title of symbols gives an empty slug", [{ title: "✨✨" }], [""]],
  ])("%s", (_name, posts, expected) => {
    expect(blogPostSlugs(posts)).toEqual(expected);
  });
});

describe("newestFirst", () => {
  const post = (id: string, at: string) => ({ id, title: id, publishedAt: at });
  it.each<[string, ReturnType<typeof post>[], number[]]>([
    ["by date, newest first", [post("a", "2025-01-10"), post("b", "2025-03-01"), post("c", "2025-02-01")], [1, 2, 0]],
    ["a date and a time on the same day: the time is later than midnight", [post("a", "2025-03-01T08:00:00-05:00"), post("b", "2025-03-01")], [0, 1]],
    ["equal instants keep file order", [post("a", "2025-03-01"), post("b", "2025-03-01T00:00:00-05:00")], [0, 1]],
    ["offsets are compared as instants", [post("a", "2025-03-01T23:30:00-08:00"), post("b", "2025-03-02T02:00:00-05:00")], [0, 1]],
  ])("%s", (_name, posts, expected) => {
    expect(newestFirst(posts, "America/New_York")).toEqual(expected);
  });
});

describe("pagination", () => {
  it.each<[number, number]>([
    [0, 1],
    [1, 1],
    [BLOG_PAGE_SIZE, 1],
    [BLOG_PAGE_SIZE + 1, 2],
    [BLOG_PAGE_SIZE * 3, 3],
  ])("%i posts need %i page(s)", (count, pages) => {
    expect(blogPageCount(count)).toBe(pages);
  });

  it.each<[string, number, string]>([
    ["/blog/", 1, "/blog/"],
    ["/blog/", 2, "/blog/page/2/"],
    ["/news/journal/", 3, "/news/journal/page/3/"],
  ])("%s page %i is %s", (base, page, path) => {
    expect(blogIndexPath(base, page)).toBe(path);
  });

  it.each([0, 1.5, -1])("refuses page %p", (page) => {
    expect(() => blogIndexPath("/blog/", page)).toThrow("expected a whole page number from 1");
  });
});
