import { uuid } from "@mainstreet/rules/api/api-requests";
import { z } from "zod";

export const CheckoutIdParams = z.strictObject({ id: uuid });
