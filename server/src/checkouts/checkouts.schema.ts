import { z } from "zod";
import { uuid } from "../http/common.schema";

export const StartCheckoutBody = z.strictObject({ order_uuid: uuid });
export type StartCheckoutBody = z.output<typeof StartCheckoutBody>;

export const CheckoutIdParams = z.strictObject({ id: uuid });
