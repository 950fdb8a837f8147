import { OPEN_SCHEDULE } from "@mainstreet/rules/business/constants";
import { loadSample, sampleNodes, type SampleName } from "../../__tests__/sample-nodes";
import { openStatus, scheduleKey, statusFromSchedule, type OpenSchedule } from "@mainstreet/rules/hours/open-status";

// Friday 1 May 2026, 12:00 UTC: the build's clock.
const BUILD = Date.UTC(2026, 4, 1, 12, 0, 0);
const DAY_MS = 86_400_000;

const nodesFor = (name: SampleName, edit?: Parameters<typeof sampleNodes>[2], buildTime = BUILD) => sampleNodes(name, buildTime, edit).nodes;

describe("location nodes carry the open schedule baked at build", () => {
  const business = loadSample("salon");
  const locations = nodesFor("salon").filter((node) => node.type === "MainstreetLocation");

  it.each(business.locations.map((location) => [location.id, location] as const))("%s: made from its own hours and zone", (id, location) => {
    const schedule = locations.find((node) => node.fields.locationId === id)!.fields.openSchedule as OpenSchedule;
    expect(schedule.key).toBe(scheduleKey(location.hours, location.timezone));
    expect(schedule.timeZone).toBe(location.timezone);
  });

  it.each(business.locations.map((location) => [location.id, location] as const))(
    `%s: answers as openStatus does from the build to ${OPEN_SCHEDULE.answerDays} days after, then hands over`,
    (id, location) => {
      const schedule = locations.find((node) => node.fields.locationId === id)!.fields.openSchedule as OpenSchedule;
      for (let now = BUILD; now < BUILD + OPEN_SCHEDULE.answerDays * DAY_MS; now += 7 * 3_600_000 + 13 * 60_000) {
        const { nextChange, ...expected } = openStatus({ hours: location.hours, timeZone: location.timezone, now });
        expect(statusFromSchedule(schedule, now)).toEqual({ answered: true, result: nextChange ? { ...expected, nextChangeAt: Date.parse(nextChange) } : expected });
      }
      expect(statusFromSchedule(schedule, BUILD + (OPEN_SCHEDULE.answerDays + 2) * DAY_MS).answered).toBe(false);
    },
  );
});

describe("special hours reach the site: the baked schedule and the location node", () => {
  // Tuesday 1 December 2026: the restaurant closes on 25 December and opens 4–8pm on 31 December.
  const build = Date.UTC(2026, 11, 1, 17, 0, 0);
  const fishtown = loadSample("restaurant").locations.find((location) => location.id === "loc-fishtown")!;
  const fishtownAt = (buildTime: number) =>
    nodesFor("restaurant", () => undefined, buildTime).find((candidate) => candidate.type === "MainstreetLocation" && candidate.fields.locationId === "loc-fishtown")!;
  const node = fishtownAt(build);

  it("the schedule answers as openStatus with the special hours does, through the holidays", () => {
    const schedule = node.fields.openSchedule as OpenSchedule;
    expect(schedule.key).toBe(scheduleKey(fishtown.hours, fishtown.timezone));
    for (let now = build; now < build + 35 * DAY_MS; now += 3 * 3_600_000 + 7 * 60_000) {
      const { nextChange, ...expected } = openStatus({ hours: fishtown.hours, timeZone: fishtown.timezone, now, specialHours: fishtown.specialHours });
      expect(statusFromSchedule(schedule, now)).toEqual({ answered: true, result: nextChange ? { ...expected, nextChangeAt: Date.parse(nextChange) } : expected });
    }
    // Christmas Day at 6pm, a Friday: closed all day.
    expect(statusFromSchedule(schedule, Date.UTC(2026, 11, 25, 23, 0, 0))).toMatchObject({ answered: true, result: { status: "closed" } });
  });

  it("publishes the special hours from the build's date on", () => {
    expect(node.fields.specialHours).toEqual(fishtown.specialHours);
    const later = fishtownAt(Date.UTC(2026, 11, 28, 17, 0, 0));
    expect((later.fields.specialHours as { date: string }[]).map((entry) => entry.date)).toEqual(["2026-12-31"]);
  });
});

describe("the business node carries the announcement's window as instants", () => {
  const announcementOf = (nodes: ReturnType<typeof nodesFor>) => nodes.find((node) => node.type === "MainstreetBusiness")!.fields.announcement;

  it("resolves the data's local start and end in their zone and drops the local-time fields", () => {
    const announcement = announcementOf(nodesFor("salon")) as { settings: Record<string, unknown>; text: string };
    expect(announcement.text).toBe(loadSample("salon").announcement!.text);
    expect(announcement.settings).toEqual({
      delay: 2500,
      duration: 45000,
      dismissalType: "local_storage",
      referenceId: "gift-cards-2025",
      // 2025-01-01T00:00 and 2030-12-31T23:59 in New York (EST, UTC-5).
      startAt: Date.parse("2025-01-01T05:00:00Z"),
      endAt: Date.parse("2031-01-01T04:59:00Z"),
    });
  });

  it("a window left open stays open, and no announcement stays null", () => {
    const open = announcementOf(
      nodesFor("salon", (business) => {
        business.announcement = { ...business.announcement!, settings: { ...business.announcement!.settings, startTime: undefined, endTime: undefined } };
      }),
    ) as { settings: Record<string, unknown> };
    expect(open.settings).toMatchObject({ startAt: null, endAt: null });
    expect(announcementOf(nodesFor("merchant"))).toBeNull();
  });
});

describe("blog post nodes", () => {
  const posts = (edit?: Parameters<typeof nodesFor>[1]) =>
    nodesFor("salon", edit)
      .filter((node) => node.type === "MainstreetBlogPost")
      .map((node) => node.fields)
      .sort((a, b) => (a.position as number) - (b.position as number));

  it("are the posts with a page, newest first, linked to their neighbours, dated in the primary location's zone", () => {
    expect(posts().map((post) => [post.postId, post.position, post.path, post.publishedAt, post.publishedDate, post.publishedLabel, post.newerPostId, post.olderPostId])).toEqual([
      ["post-winter-scalp-care", 0, "/journal/winter-scalp-care/", "2025-11-18T09:00:00-05:00", "2025-11-18", "18 November 2025", null, "post-bridal-timeline"],
      ["post-bridal-timeline", 1, "/journal/bridal-hair-timeline/", "2025-05-02T10:00:00-04:00", "2025-05-02", "2 May 2025", "post-winter-scalp-care", "post-balayage-aftercare"],
      ["post-balayage-aftercare", 2, "/journal/balayage-aftercare/", "2025-03-14T00:00:00-04:00", "2025-03-14", "14 March 2025", "post-bridal-timeline", null],
    ]);
  });

  it("write the date in the business's locale, and keep the hero image with its alt text", () => {
    const [newest] = posts((business) => Object.assign(business, { locale: "ja-JP" }));
    expect(newest.publishedLabel).toBe("2025年11月18日");
    expect(newest.heroImage).toEqual({ src: "images/blog-winter-scalp-care.jpg", alt: expect.stringContaining("treatment room"), caption: undefined });
  });

  it("the blog page's own node has the first index page's path, not a later one's", () => {
    // Ten posts: two index pages, both planned with the blog page's id.
    const nodes = nodesFor("salon", (business) => {
      business.blogPosts = Array.from({ length: 10 }, (_, index) => ({ ...business.blogPosts[0], id: `post-${index}`, slug: `post-${index}` }));
    });
    const journal = nodes.find((node) => node.type === "MainstreetPage" && node.fields.pageId === "page-journal")!;
    expect(journal.fields.path).toBe("/journal/");
    expect(nodes.filter((node) => node.type === "MainstreetPlannedPage" && node.fields.template === "blog-index").map((node) => node.fields.path)).toEqual(["/journal/", "/journal/page/2/"]);
  });

  it("the business node carries the locale and the currency", () => {
    const business = nodesFor("salon").find((node) => node.type === "MainstreetBusiness")!;
    expect([business.fields.locale, business.fields.currency]).toEqual(["en-US", "USD"]);
  });
});

describe("location nodes carry the phone number as pages show and link it", () => {
  const phones = (name: "salon" | "restaurant", edit?: (business: ReturnType<typeof loadSample>) => void) =>
    nodesFor(name, edit)
      .filter((node) => node.type === "MainstreetLocation")
      .map((node) => [node.fields.phone, node.fields.phoneHref]);

  it("every sample location: the national format, linked in E.164, however the data wrote it", () => {
    expect(phones("salon")).toEqual([
      ["(718) 555-0142", "tel:+17185550142"],
      ["(718) 555-0187", "tel:+17185550187"],
      ["(312) 555-0119", "tel:+13125550119"],
    ]);
    expect(phones("restaurant")).toEqual([
      ["(215) 555-0163", "tel:+12155550163"],
      ["(215) 555-0178", "tel:+12155550178"],
    ]);
  });

  it("a location abroad shows its country's national format, and a number of elsewhere its international one", () => {
    const abroad = phones("salon", (business) => {
      business.locations[0] = { ...business.locations[0], country: "GB", phone: "+44 20 7946 0958" };
      business.locations[1] = { ...business.locations[1], country: "FR", phone: "01 23 45 67 89" };
      business.locations[2] = { ...business.locations[2], phone: "+81 3 1234 5678" };
    });
    expect(abroad).toEqual([
      ["020 7946 0958", "tel:+442079460958"],
      ["01 23 45 67 89", "tel:+33123456789"],
      ["+81 3 1234 5678", "tel:+81312345678"],
    ]);
  });
});
