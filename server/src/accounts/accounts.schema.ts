import { uuid } from "@mainstreet/rules/api-requests";
import { z } from "zod";

export const IdParams = z.strictObject({ id: uuid });
