import { readPublicReviews, type ShownReviews } from "@mainstreet/rules/forms/reviews";
import { apiGet } from "../runtime/api-read";

/** Whose reviews: an item's (`item_id`) or a location's (`location_id`). */
export interface ReviewsSubject {
  itemId?: string;
  locationId?: string;
}

/**
 * `GET businesses/{id}/reviews/?item_id=…|location_id=…`: the approved reviews and their aggregate, or null when
 * the reply does not read. Its own small chunk: most pages have no approved review, and only a page that has
 * fetches the list's code (approved-reviews-body.tsx).
 */
export async function fetchApprovedReviews(siteId: string, subject: ReviewsSubject): Promise<ShownReviews | null> {
  const reply = await apiGet<unknown>(`businesses/${encodeURIComponent(siteId)}/reviews/`, { query: { item_id: subject.itemId, location_id: subject.locationId } });
  return readPublicReviews(reply);
}
