import React, { useEffect, useRef, useState, type ComponentType } from "react";
import { VIEWPORT_OBSERVER } from "@mainstreet/rules/business/constants";
import { lazyModule } from "../hydration/lazy-module";
import { useSiteData } from "../hooks/use-site-data";
import type { ApprovedReviewsListProps } from "./approved-reviews-body";
import type { ReviewsSubject } from "./read-reviews";

// Reading the service is a small chunk fetched when the end of the page comes near; the list and its structured
// data another, fetched only when there are reviews to show.
const reader = lazyModule(() => import("./read-reviews"));
const body = lazyModule(() => import("./approved-reviews-body"));

export interface ApprovedReviewsProps {
  subject: ReviewsSubject;
  /** The zone review dates are written in: the location's, or the primary location's for an item. */
  timeZone: string;
  /** An item page's own JSON-LD (its build-time block), whose node the reviews' structured data extends. */
  itemJsonLd?: string | null;
}

type Shown = { List: ComponentType<ApprovedReviewsListProps>; props: ApprovedReviewsListProps };

/**
 * Approved reviews of an item or a location, read from the service when the end of the page
 * nears the viewport, so a review approved in the workspace shows without a rebuild. The static page
 * holds an empty marker and no space: the section appears, at the end of the content, only once there
 * is something to show, and a page without approved reviews never renders more than the marker.
 */
export function ApprovedReviews({ subject, timeZone, itemJsonLd = null }: ApprovedReviewsProps) {
  const { business } = useSiteData();
  const marker = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const siteId = business.businessId;
  const { itemId, locationId } = subject;

  useEffect(() => {
    const element = marker.current;
    if (!element) return undefined;
    let live = true;
    const read = () => {
      reader
        .load()
        .then(async ({ fetchApprovedReviews }) => {
          const reviews = await fetchApprovedReviews(siteId, { itemId, locationId });
          if (!live || !reviews || reviews.reviews.length === 0) return;
          const { default: List } = await body.load();
          if (live) setShown({ List, props: { reviews, timeZone, locale: business.locale, itemJsonLd } });
        })
        // Unreachable or refused: the page stays as it was built.
        .catch(() => undefined);
    };
    if (typeof IntersectionObserver === "undefined") {
      read();
      return () => {
        live = false;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        read();
      },
      { rootMargin: `${VIEWPORT_OBSERVER.marginPx}px` },
    );
    observer.observe(element);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [siteId, itemId, locationId, timeZone, business.locale, itemJsonLd]);

  return (
    <>
      <div ref={marker} className="approved-reviews-marker" />
      {shown ? <shown.List {...shown.props} /> : null}
    </>
  );
}
