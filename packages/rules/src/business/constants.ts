/**
 * Every number and fixed value of SPEC §9 (and the few UI defaults SPEC §2/§8 name), in one place so
 * components never carry magic numbers. Durations are milliseconds, lengths pixels.
 */

/** Viewport widths (px), SPEC §9. A width belongs to the first range whose max it does not exceed. */
export const BREAKPOINTS = {
  mobileMax: 767,
  tabletMin: 768,
  tabletMax: 991,
  smallMonitorMin: 992,
  smallMonitorMax: 1199,
  largeMonitorMin: 1200,
  largeMonitorMax: 1919,
  wideMin: 1920,
} as const;

/** Animation durations and delays (ms), SPEC §2 and §9. */
export const ANIMATION = {
  defaultDurationMs: 250,
  pageTransitionFadeOutMs: 200,
  pageTransitionFadeInMs: 200,
  accordionContentMs: 750,
  dropdownHeightMs: 500,
  trayMs: 750,
  linkFadeInMs: 500,
  iconRenderDelayMs: 500,
  modalMs: 300,
  portalMs: 400,
  imageFadeMs: 500,
  imageLazyLoadMarginPx: 200,
} as const;

/** Animation status cycle, SPEC §4: preAnimating → animating → noAnimation; serverSide on the server. */
export const ANIMATION_STATUSES = ["preAnimating", "animating", "noAnimation", "serverSide"] as const;
export type AnimationStatus = (typeof ANIMATION_STATUSES)[number];

/** Reveal-on-scroll defaults, SPEC §4 and §9. */
export const REVEAL = {
  durationMs: 1000,
  delayMs: 0,
  cascadeFactor: 0.5,
  visibilityFraction: 0.05,
  slideDistancePx: 26,
  direction: "up",
} as const;

/**
 * Intersection/viewport observer defaults, SPEC §9; also when a page part that must run to look right (a
 * deferred part "visible", the approved reviews) fetches its code: 100 px ahead of the viewport.
 */
export const VIEWPORT_OBSERVER = {
  marginPx: 100,
  threshold: 0.05,
  debounceMs: 100,
  /** Fraction of the viewport at each edge considered too close to place a popup towards. */
  edgeThreshold: 0.25,
  dropdownEdgeThreshold: 0.2,
} as const;

/** Popup accordion menus, SPEC §2 and §9. */
export const POPUP_ACCORDION = {
  linksPerGroup: 4,
  seeMoreLabel: "See more",
  seeLessLabel: "See less",
  masonryColumns: { default: 3, upToTabletMax: 2, upToMobileMax: 1 },
} as const;

/** Dropdown and popup defaults (ms unless named otherwise), SPEC §9. */
export const DROPDOWN = {
  minTypedCharacters: 1,
  hoverOpenDelayMs: 50,
  pointerLeaveCloseMs: 70,
  pointerLeaveCloseHoverableMs: 300,
  transitionMs: 500,
} as const;

/** Navigation, SPEC §4. */
export const NAVIGATION = {
  stickyOffsetPx: 300,
} as const;

/** Opening hours and booking slots, SPEC §4 and §9. Days are 1 (Monday) to 7 (Sunday). */
export const HOURS = {
  soonWindowMinutes: 60,
  firstDay: 1,
  lastDay: 7,
  defaultStartDay: 1,
  slotIntervalMinutes: 30,
} as const;

/** Special hours (holiday closures, changed hours) are listed under the week this many days ahead. Ours, not SPEC §9. */
export const SPECIAL_HOURS_NOTICE_DAYS = 60;

/**
 * The open-status schedule baked into the site at build (packages/rules/src/hours/open-status-core.ts), so the browser
 * answers "open now?" without luxon.
 */
export const OPEN_SCHEDULE = {
  /**
   * Days after the build day for which the baked schedule answers. A static page lives for weeks between
   * rebuilds (data edits are rare), and each extra day costs a few hundred bytes of site data per
   * location; past this the badge loads luxon and computes the status from the hours instead.
   */
  answerDays: 42,
  /**
   * Days of hours expanded beyond `now` to find the current close and the next opening. Eight local days
   * always reach them, since a location that is not open around the clock closes at least once a week
   * and its overnight ranges end on the next day.
   */
  lookAheadDays: 8,
} as const;

/** Page data loading, SPEC §4 and §9. */
export const PAGE_DATA = {
  fetchRetries: 3,
  delayedRouteUpdateMs: 1000,
  routeChangeEventDelayMs: 50,
  webVitalsReporting: false,
} as const;

/** Analytics, SPEC §3. */
export const ANALYTICS = {
  outboundLinkDelayMs: 250,
} as const;

/** Modal, SPEC §2. */
export const MODAL = {
  durationMs: ANIMATION.modalMs,
  bodyOpenClass: "modal-open",
} as const;

/** Browser storage names, SPEC §9. Keys are built by the helpers in storage.ts. */
export const STORAGE = {
  namespace: "mainstreet",
  timedElementKeyPrefix: "mainstreet:timed-element:",
  activeLocationName: "active-location",
} as const;

/** Web app manifest, SPEC §9. */
export const MANIFEST = {
  display: "standalone",
  backgroundColor: "#dfdfdf",
  themeColor: "#dfdfdf",
  iconSizePx: 512,
} as const;


/** The site's locale when the business data names none (locale.ts). */
export const DEFAULT_LOCALE = "en-US";

/** The currency of a business whose data names none (ISO 4217). */
export const DEFAULT_CURRENCY = "USD";

/** Business type path segments that are already plural, SPEC §5 and §9. */
export const PLURAL_BUSINESS_TYPES = ["restaurants", "merchants"] as const;

/** Footer layout, SPEC §2: column widths out of a 16-column grid. */
export const FOOTER = {
  gridColumns: 16,
  columnWidths: [4, 6, 4, 6],
  poweredByBackground: "#000000",
} as const;

/** Fixed UI texts named by the spec (SPEC §2, §8). */
export const UI_TEXT = {
  callBusiness: "Call Business",
  noResults: "No results found.",
  addItem: "Add ",
  genericError: "An error occurred",
  navigatedTo: "Navigated to",
  open24Hours: "Open 24 Hours",
  closed: "Closed",
} as const;
