/**
 * What the workspace needs beyond the API's contract (@mainstreet/rules/manage-api, whose types the app
 * reads everywhere else): the business's locations on the session, asked of the service in
 * MANAGE-API.md and optional until it sends them, and the sold-out choice a PUT sends.
 */
import type { MerchantUser, SessionReply } from "@mainstreet/rules/manage-api";

export interface ManageLocation {
  id: string;
  name: string;
  time_zone: string;
}

export type WorkspaceUser = MerchantUser & { locations?: ManageLocation[] };
export type WorkspaceSession = Omit<SessionReply, "user"> & { user: WorkspaceUser };

/** `PUT manage/availability/{itemId}/`'s `sold_out`. */
export type SoldOutChange = "today" | "indefinitely" | false;
