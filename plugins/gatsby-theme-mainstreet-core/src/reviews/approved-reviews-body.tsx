import React, { useId, useMemo } from "react";
import { reviewAggregateText, reviewDateText, reviewRatingLabel, reviewStars, type ShownReviews } from "@mainstreet/rules/forms/reviews";
import { itemReviewsJsonLd, jsonLdText, parseJsonLdNode } from "@mainstreet/rules/site/structured-data";
import { JsonLdScript } from "../components/seo-head";
import "./reviews.css";

export interface ApprovedReviewsListProps {
  reviews: ShownReviews;
  timeZone: string;
  locale: string;
  itemJsonLd?: string | null;
}

/**
 * The reviews: the aggregate line, then each review's stars (read out as "Rated 4 out of 5"), its words as
 * text (never HTML), who wrote it and when, on the business's clock. On an item page whose type may carry
 * ratings (Service, Product: structured-data.ts reviewJsonLd), a JSON-LD block of their own names the item.
 */
export default function ApprovedReviewsList({ reviews, timeZone, locale, itemJsonLd = null }: ApprovedReviewsListProps) {
  const headingId = useId();
  const aggregate = reviewAggregateText(reviews.aggregate, locale);
  const structured = useMemo(() => {
    const node = parseJsonLdNode(itemJsonLd);
    return node ? itemReviewsJsonLd(node, reviews) : null;
  }, [itemJsonLd, reviews]);
  return (
    <section className="container approved-reviews" aria-labelledby={headingId}>
      <h2 id={headingId}>Reviews</h2>
      {aggregate ? <p className="approved-reviews__aggregate">{aggregate}</p> : null}
      <ul className="approved-reviews__list">
        {reviews.reviews.map((review) => (
          <li key={review.id} className="approved-review">
            <p className="approved-review__rating">
              <span role="img" aria-label={reviewRatingLabel(review.rating)}>
                {reviewStars(review.rating)}
              </span>
            </p>
            {review.text.trim() ? <p className="approved-review__text">{review.text}</p> : null}
            <p className="approved-review__meta">
              {review.author} · <time dateTime={review.created_at}>{reviewDateText(review.created_at, timeZone, locale)}</time>
            </p>
          </li>
        ))}
      </ul>
      {structured ? <JsonLdScript text={jsonLdText(structured)} /> : null}
    </section>
  );
}
