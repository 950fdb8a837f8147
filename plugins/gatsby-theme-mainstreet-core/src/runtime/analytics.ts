import { dataLayerEvent, type AnalyticsEvent } from "@mainstreet/rules/site/analytics";

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** Sends one analytics event through the tag manager's data layer (SPEC §3). */
export function track(event: AnalyticsEvent): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(dataLayerEvent(event));
}
