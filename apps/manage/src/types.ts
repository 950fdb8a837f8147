import type { MerchantUser } from "@mainstreet/rules/api/manage-api";
import type { Read } from "./reads";

/** Types the workspace's own modules share; the API's shapes come from @mainstreet/rules/api/manage-api. */

/** What every screen of the shell is given. */
export interface ScreenProps {
  /** The screen's view from the address (`#/orders/recent` → "recent"). */
  view: string | null;
}

/** A location of the business on the session: reservations, messages and reviews name only its id. */
export type ManageLocation = MerchantUser["locations"][number];

/**
 * What a screen reads first when opened from the navigation (its default view), given the signed-in user and the
 * time; null when it reads nothing. The workspace reads these ahead, at idle after signing in.
 */
export type FirstRead = (session: { user: MerchantUser; now: number }) => Read<unknown> | null;
