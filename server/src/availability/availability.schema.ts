import { id } from "@mainstreet/rules/api/api-requests";
import { z } from "zod";

export const ItemParams = z.strictObject({ itemId: id });
export const ModifierParams = z.strictObject({ modifierId: id });
