/**
 * Analytics events (SPEC §3 Analytics event): shape, categories, example actions, and redaction of any
 * text containing an @ (an email address must never leave the page in an event).
 */

export const ANALYTICS_CATEGORIES = [
  "Booking",
  "Services",
  "Products",
  "Reviews",
  "Team",
  "Gallery",
  "Blog",
  "Contact",
  "Location",
  "Navigation",
  "Footer",
  "Announcement",
  "Newsletter",
  "Social",
  "Carousel",
  "PaginatedGrid",
  "HoursOfOperation",
  "About",
  "Hero",
] as const;
export type AnalyticsCategory = (typeof ANALYTICS_CATEGORIES)[number];

export const ANALYTICS_ACTIONS = {
  scheduleAppointment: "Schedule Appointment",
  cancelAppointment: "Cancel Appointment",
  addToCart: "Add to Cart",
  removeFromCart: "Remove from Cart",
  submitReview: "Submit Review",
  submitInquiry: "Submit Inquiry",
  call: "Call",
  email: "Email",
  signup: "Signup",
  redeemOffer: "Redeem Offer",
} as const;

/** The Blog category's link events: a post opened from the index, a page of the index, a link in a post. */
export const BLOG_ACTIONS = {
  readPost: "Read Post",
  changePage: "Change Page",
  followLink: "Follow Link",
} as const;

export const REDACTED = "[redacted]";

export type AnalyticsEvent = {
  category: AnalyticsCategory;
  action: string;
  label?: string;
  value?: number;
  nonInteraction?: boolean;
};

export function redact(text: string): string;
export function redact(text: string | null | undefined): string | undefined;
export function redact(text: string | null | undefined): string | undefined {
  if (text === null || text === undefined) return undefined;
  return text.includes("@") ? REDACTED : text;
}

export function isAnalyticsCategory(value: unknown): value is AnalyticsCategory {
  return typeof value === "string" && (ANALYTICS_CATEGORIES as readonly string[]).includes(value);
}

export type BuildEventInput = {
  category: AnalyticsCategory;
  action: string;
  label?: string | null;
  value?: number | null;
  nonInteraction?: boolean | null;
};

/**
 * An event ready to send: action and label redacted, value a whole non-negative number (analytics
 * providers reject fractions), empty fields left out.
 */
export function buildEvent(input: BuildEventInput): AnalyticsEvent {
  if (!isAnalyticsCategory(input.category)) {
    throw new RangeError(`analytics event: category: expected one of ${ANALYTICS_CATEGORIES.join(", ")}, got ${JSON.stringify(input.category)}`);
  }
  const action = redact(input.action.trim());
  if (!action) throw new RangeError("analytics event: action: expected text like \"Add to Cart\", got an empty string");
  const event: AnalyticsEvent = { category: input.category, action };
  const label = redact(input.label?.trim());
  if (label) event.label = label;
  if (typeof input.value === "number") {
    if (!Number.isFinite(input.value) || input.value < 0) {
      throw new RangeError(`analytics event: value: expected a number >= 0, got ${String(input.value)}`);
    }
    event.value = Math.round(input.value);
  }
  if (input.nonInteraction) event.nonInteraction = true;
  return event;
}

/** The object pushed to the tag manager's data layer for an event. */
export function dataLayerEvent(event: AnalyticsEvent): Record<string, string | number | boolean> {
  return {
    event: "mainstreet.event",
    eventCategory: event.category,
    eventAction: event.action,
    ...(event.label !== undefined ? { eventLabel: event.label } : {}),
    ...(event.value !== undefined ? { eventValue: event.value } : {}),
    nonInteraction: event.nonInteraction ?? false,
  };
}
