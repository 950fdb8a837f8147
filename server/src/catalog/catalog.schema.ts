import { z } from "zod";
import { id } from "../http/common.schema";

export const BusinessParams = z.strictObject({ businessId: id });
