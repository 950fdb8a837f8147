import {
  ANIMATION,
  BREAKPOINTS,
  DROPDOWN,
  FOOTER,
  HOURS,
  MANIFEST,
  NAVIGATION,
  PAGE_DATA,
  POPUP_ACCORDION,
  REVEAL,
  STORAGE,
  UI_TEXT,
  VIEWPORT_OBSERVER,
} from "../constants";

describe("SPEC §9 values", () => {
  it.each<[string, unknown, unknown]>([
    ["breakpoints", BREAKPOINTS, { mobileMax: 767, tabletMin: 768, tabletMax: 991, smallMonitorMin: 992, smallMonitorMax: 1199, largeMonitorMin: 1200, largeMonitorMax: 1919, wideMin: 1920 }],
    ["default animation", ANIMATION.defaultDurationMs, 250],
    ["page transition", [ANIMATION.pageTransitionFadeOutMs, ANIMATION.pageTransitionFadeInMs], [200, 200]],
    ["accordion, dropdown height, tray", [ANIMATION.accordionContentMs, ANIMATION.dropdownHeightMs, ANIMATION.trayMs], [750, 500, 750]],
    ["link fade-in, icon delay", [ANIMATION.linkFadeInMs, ANIMATION.iconRenderDelayMs], [500, 500]],
    ["modal, portal, image fade, lazy margin", [ANIMATION.modalMs, ANIMATION.portalMs, ANIMATION.imageFadeMs, ANIMATION.imageLazyLoadMarginPx], [300, 400, 500, 200]],
    ["reveal", REVEAL, { durationMs: 1000, delayMs: 0, cascadeFactor: 0.5, visibilityFraction: 0.05, slideDistancePx: 26, direction: "up" }],
    ["viewport observer", VIEWPORT_OBSERVER, { marginPx: 100, threshold: 0.05, debounceMs: 100, edgeThreshold: 0.25, dropdownEdgeThreshold: 0.2 }],
    ["popup accordion", [POPUP_ACCORDION.linksPerGroup, POPUP_ACCORDION.masonryColumns], [4, { default: 3, upToTabletMax: 2, upToMobileMax: 1 }]],
    ["hours", HOURS, { soonWindowMinutes: 60, firstDay: 1, lastDay: 7, defaultStartDay: 1, slotIntervalMinutes: 30 }],
    ["page data", PAGE_DATA, { fetchRetries: 3, delayedRouteUpdateMs: 1000, routeChangeEventDelayMs: 50, webVitalsReporting: false }],
    ["dropdown and popup", DROPDOWN, { minTypedCharacters: 1, hoverOpenDelayMs: 50, pointerLeaveCloseMs: 70, pointerLeaveCloseHoverableMs: 300, transitionMs: 500 }],
    ["sticky navigation offset", NAVIGATION.stickyOffsetPx, 300],
    ["manifest", MANIFEST, { display: "standalone", backgroundColor: "#dfdfdf", themeColor: "#dfdfdf", iconSizePx: 512 }],
    ["storage names", STORAGE, { namespace: "mainstreet", timedElementKeyPrefix: "mainstreet:timed-element:", activeLocationName: "active-location" }],
    ["footer columns", [FOOTER.gridColumns, FOOTER.columnWidths, FOOTER.poweredByBackground], [16, [4, 6, 4, 6], "#000000"]],
    ["fixed texts", [UI_TEXT.callBusiness, UI_TEXT.noResults, UI_TEXT.addItem, UI_TEXT.genericError], ["Call Business", "No results found.", "Add ", "An error occurred"]],
  ])("%s", (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});
