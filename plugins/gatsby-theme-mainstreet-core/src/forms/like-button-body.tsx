import React, { useEffect, useReducer, useRef } from "react";
import { eventBody, formEvent, likeFieldValues } from "@mainstreet/rules/forms/forms";
import { canLike, initialLikeState, likeCountLabel, likedItems, likeReducer, rememberLike, visitorId } from "@mainstreet/rules/forms/likes";
import { browserLocalStorage, createStore } from "@mainstreet/rules/site/storage";
import { track } from "../runtime/analytics";
import { fetchLikeCounts, postEvent, sendFailure, websiteRef } from "./form-api";
import type { LikeReply } from "@mainstreet/rules/api/api-views";
import { useFormsData, type FormsData } from "./use-forms-data";

const store = createStore(browserLocalStorage);


/** The button, where the item takes likes (a visible item the build counted). */
export default function LikeButton({ itemId, itemName }: { itemId: string; itemName: string }) {
  const data = useFormsData();
  if (!data || data.likeCounts[itemId] === undefined) return null;
  return <LikeButtonBody data={data} itemId={itemId} itemName={itemName} />;
}

function LikeButtonBody({ data, itemId, itemName }: { data: FormsData; itemId: string; itemName: string }) {
  const siteId = data.business.businessId;
  const [state, dispatch] = useReducer(likeReducer, initialLikeState(data.likeCounts[itemId] ?? 0));
  const current = useRef(state);
  current.current = state;

  useEffect(() => {
    dispatch({ type: "restore", liked: likedItems(store, siteId, Date.now()).includes(itemId) });
    let live = true;
    fetchLikeCounts(siteId)
      .then((counts) => {
        if (live && counts[itemId] !== undefined) dispatch({ type: "count", count: counts[itemId] });
      })
      // The build's count stays when the service cannot be asked.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [siteId, itemId]);

  const sending = useRef(false);
  const like = async () => {
    if (sending.current || !canLike(current.current)) return;
    sending.current = true;
    dispatch({ type: "send" });
    try {
      const reply = await postEvent<LikeReply>(
        eventBody({ business: data.business, website: websiteRef(data.business), type: "like", name: "Menu item like", fieldValues: likeFieldValues(itemId, visitorId(store, siteId, Date.now())) }),
      );
      rememberLike(store, siteId, itemId, Date.now());
      dispatch({ type: "confirm", count: reply.like_count, alreadyLiked: reply.already_liked });
      if (!reply.already_liked) track(formEvent("like", itemName));
    } catch (error) {
      dispatch({ type: "fail", message: sendFailure(error, {}).message });
    } finally {
      sending.current = false;
    }
  };

  const countLabel = likeCountLabel(state.count, { likedByVisitor: state.liked });
  return (
    <div className="like">
      <button type="button" className="like-button" aria-pressed={state.liked} aria-disabled={state.status === "sending" || undefined} onClick={like}>
        <span className="like-button__heart" aria-hidden="true">
          {state.liked ? "♥" : "♡"}
        </span>
        {state.liked ? "Liked" : "Like"}
        <span className="visually-hidden"> {itemName}</span>
      </button>
      {countLabel ? <span className="like__count">{countLabel}</span> : null}
      <span className="like__message" role="status">
        {state.message ?? ""}
      </span>
    </div>
  );
}
