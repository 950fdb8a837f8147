import { KitchenBody } from "@mainstreet/rules/api/manage-requests";
import { collectionRoutes } from "../manage/collection-routes";
import { LocationParams } from "./kitchen.schema";
import type { KitchenService } from "./kitchen.service";

/** Kitchen controls of the workspace: rush, pause and capacity per location. */
export function kitchenRoutes(service: KitchenService) {
  return collectionRoutes({
    path: "kitchen",
    member: "locationId",
    params: LocationParams,
    body: KitchenBody,
    list: (session) => service.list(session),
    update: (session, { locationId }, body) => service.update(session, locationId, body),
  });
}
