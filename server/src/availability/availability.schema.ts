import { id } from "@mainstreet/rules/api-requests";
import { z } from "zod";

export const ItemParams = z.strictObject({ itemId: id });
