import { id } from "@mainstreet/rules/api/api-requests";
import { z } from "zod";

export const BusinessParams = z.strictObject({ businessId: id });
