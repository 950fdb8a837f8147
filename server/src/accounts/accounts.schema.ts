import { uuid } from "@mainstreet/rules/api/api-requests";
import { z } from "zod";

export const IdParams = z.strictObject({ id: uuid });
