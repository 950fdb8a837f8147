import { ANALYTICS_ACTIONS, buildEvent, type AnalyticsCategory, type AnalyticsEvent } from "./analytics";

/**
 * Which analytics event a link click sends (SPEC §3: events fire on link clicks). A link may name its
 * event with data attributes; otherwise the event follows from where it points and where it sits.
 */
export type LinkClick = {
  /** The anchor's absolute href. */
  href: string;
  /** The site's own origin (`location.origin`). */
  siteOrigin: string;
  /** The link's visible text. */
  text: string;
  /** `data-event-category`, `data-event-action`, `data-event-label` when set. */
  category?: string | null;
  action?: string | null;
  label?: string | null;
  /** `data-role` of interaction buttons (BOOKING, ORDER, …). */
  role?: string | null;
  /** The landmark the link sits in. */
  region: "header" | "footer" | "main" | "other";
};

export type LinkClickEvent = { event: AnalyticsEvent; outbound: boolean };

export type EventAttributes = { "data-event-category": AnalyticsCategory; "data-event-action": string; "data-event-label"?: string };

/**
 * The data attributes that name a link's event (read back by linkClickEvent on the click): a blog card's
 * link is `eventAttributes("Blog", BLOG_ACTIONS.readPost, post.title)`. Without a label the click labels it
 * (the url when it leaves the site, else the link's text).
 */
export function eventAttributes(category: AnalyticsCategory, action: string, label?: string | null): EventAttributes {
  const event = buildEvent({ category, action, label });
  return { "data-event-category": event.category, "data-event-action": event.action, ...(event.label ? { "data-event-label": event.label } : {}) };
}

const REGION_CATEGORY: Record<LinkClick["region"], AnalyticsCategory> = {
  header: "Navigation",
  footer: "Footer",
  main: "Navigation",
  other: "Navigation",
};

const SOCIAL_HOSTS = /(^|\.)(facebook|instagram|twitter|x|tiktok|youtube|linkedin|pinterest|yelp|tripadvisor)\.com$/i;
const MAPS_URL = /^https:\/\/(www\.)?google\.[a-z.]+\/maps\b|^https:\/\/maps\./i;

export function linkClickEvent(click: LinkClick): LinkClickEvent | null {
  let url: URL;
  try {
    url = new URL(click.href);
  } catch {
    return null;
  }
  const outbound = /^https?:$/.test(url.protocol) && url.origin !== click.siteOrigin;
  const text = click.text.replace(/\s+/g, " ").trim();
  const label = click.label ?? (outbound ? url.href : text || url.pathname);
  const make = (category: AnalyticsCategory, action: string, eventLabel: string = label) =>
    ({ event: buildEvent({ category, action, label: eventLabel }), outbound });

  if (click.category && click.action) {
    try {
      return make(click.category as AnalyticsCategory, click.action);
    } catch {
      // A typo in a data attribute must not break the link; fall through to the derived event.
    }
  }
  if ((click.role ?? "").toUpperCase() === "BOOKING" || /\bbook\b/i.test(text)) {
    return make("Booking", ANALYTICS_ACTIONS.scheduleAppointment);
  }
  if (url.protocol === "tel:") return make("Contact", ANALYTICS_ACTIONS.call, text || "phone");
  if (url.protocol === "mailto:") return make("Contact", ANALYTICS_ACTIONS.email, "email");
  if (outbound && MAPS_URL.test(url.href)) return make("Location", "Get Directions");
  if (outbound && SOCIAL_HOSTS.test(url.hostname)) return make("Social", "Visit Profile", url.hostname.replace(/^www\./, ""));
  return make(REGION_CATEGORY[click.region], outbound ? "Outbound Link" : "Link Click");
}
