import React from "react";
import { deferred } from "../hydration/deferred";

// The button's behaviour (the visitor's own likes, the live count, sending a like) loads when the item
// comes near the screen; the server HTML shows the button and the build's count until then.
const LikeButtonBody = deferred(() => import("./like-button-body"), { code: "part-like-button-body" });

/**
 * Like button for a menu item (SPEC §3 annotations.likeCount): one like per visitor per item, the
 * count shown next to it. The count starts from the build's data and is refreshed from the service.
 */
export function LikeButton({ itemId, itemName }: { itemId: string; itemName: string }) {
  return <LikeButtonBody itemId={itemId} itemName={itemName} />;
}
