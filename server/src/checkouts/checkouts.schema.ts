import { uuid } from "@mainstreet/rules/api-requests";
import { z } from "zod";

export const CheckoutIdParams = z.strictObject({ id: uuid });
