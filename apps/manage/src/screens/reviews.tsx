import React, { useId, useState } from "react";
import type { ManageReview as Review, ReviewStatus, ReviewsReply } from "@mainstreet/rules/api/manage-api";
import type { ScreenProps } from "../types";
import { ActionButton, ErrorText, LoadState, ScreenHeading, ViewLinks } from "../components/ui";
import { formatDay } from "../format";
import { hasName, personName } from "../people";
import { useLocations, useSession } from "../session";
import type { FirstRead } from "../types";
import { read } from "../reads";
import { useLoad } from "../use-load";

const VIEWS: { status: ReviewStatus; label: string }[] = [
  { status: "pending", label: "To review" },
  { status: "approved", label: "Approved" },
  { status: "rejected", label: "Rejected" },
];

function Stars({ rating }: { rating: number }) {
  return (
    <p className="stars">
      <span aria-hidden="true">{"★".repeat(rating)}{"☆".repeat(Math.max(0, 5 - rating))}</span>
      <span className="visually-hidden">{rating} out of 5 stars</span>
    </p>
  );
}

function ReviewCard({ review, onDecided }: { review: Review; onDecided: (review: Review) => void }) {
  const { api, announce } = useSession();
  const { location, zoneOf } = useLocations();
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const place = location(review.location_id)?.name ?? null;
  const about = review.item_name ?? place ?? "the business";
  // Which review a button acts on, when there is no name to tell it by: what it is about.
  const which = hasName(review.name) ? `the review by ${personName(review.name)}` : review.item_name ? `this review of ${review.item_name}` : `this review from ${place ?? "the business"}`;
  const decide = async (decision: "approve" | "reject") => {
    const updated = await api.send<Review>("POST", `manage/reviews/${encodeURIComponent(review.id)}/decision/`, { decision });
    onDecided(updated);
    announce(`${which.charAt(0).toUpperCase()}${which.slice(1)} is ${decision === "approve" ? "approved: it shows on the site" : "rejected"}.`);
  };
  return (
    <article className="card review" aria-labelledby={titleId}>
      <header className="ticket__header">
        <h2 id={titleId} className="review__title">
          {personName(review.name)} on {about}
        </h2>
      </header>
      <Stars rating={review.rating} />
      <p className="message__body">{review.text}</p>
      <p className="ticket__meta">
        {review.email ? (
          <>
            <a href={`mailto:${review.email}`}>{review.email}</a>
            {" · "}
          </>
        ) : null}
        {formatDay(review.created_at, zoneOf(review.location_id))}
      </p>
      <div className="ticket__actions">
        {review.status !== "approved" ? (
          <ActionButton className="button button--primary" busyLabel="Approving…" onError={setError} onAction={() => decide("approve")}>
            Approve<span className="visually-hidden"> {which}</span>
          </ActionButton>
        ) : null}
        {review.status !== "rejected" ? (
          <ActionButton busyLabel="Rejecting…" onError={setError} onAction={() => decide("reject")}>
            Reject<span className="visually-hidden"> {which}</span>
          </ActionButton>
        ) : null}
      </div>
      <ErrorText message={error} />
    </article>
  );
}

const reviewsRead = (status: ReviewStatus) => read(`manage/reviews/?status=${status}`, (reply: ReviewsReply) => reply.reviews);
export const reviewsFirstRead: FirstRead = () => reviewsRead(VIEWS[0].status);

export function ReviewsScreen({ view }: ScreenProps) {
  const status = VIEWS.find((entry) => entry.status === view)?.status ?? VIEWS[0].status;
  const list = useLoad(reviewsRead(status));
  // A decided review leaves this view (it belongs to the other one now).
  const decided = (review: Review) => list.update((entries) => entries.filter((entry) => entry.id !== review.id || review.status === status));
  const reviews = list.data ?? [];
  return (
    <section aria-labelledby="reviews-title">
      <div className="screen__header">
        <ScreenHeading id="reviews-title">Reviews</ScreenHeading>
        <ViewLinks label="Reviews" links={VIEWS.map((entry) => ({ label: entry.label, route: { screen: "reviews", view: entry.status === "pending" ? null : entry.status }, current: entry.status === status }))} />
        <p className="muted">Approved reviews appear on the page of the item or location they are about.</p>
      </div>
      <LoadState loading={list.loading && !list.data} error={list.error} onRetry={() => void list.reload()} what="reviews" />
      {list.data && reviews.length === 0 ? <p className="empty">{status === "pending" ? "No reviews waiting." : `No ${status} reviews.`}</p> : null}
      <div className="messages">
        {reviews.map((review) => (
          <ReviewCard key={review.id} review={review} onDecided={decided} />
        ))}
      </div>
    </section>
  );
}
