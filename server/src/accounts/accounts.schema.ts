import { z } from "zod";
import { MerchantRoleSchema } from "@mainstreet/rules/manage-api";
import { email, id, uuid } from "../http/common.schema";

/** A password as typed: never trimmed; its rules (passwords.ts) are a 422 with words a person can act on. */
const password = z.string({ message: "expected the password as text" }).max(1024, "expected at most 1024 characters");
/** Session and invitation tokens: 32 random bytes, base64url. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const LoginBody = z.strictObject({
  email,
  password: password.min(1, "expected the password"),
  /** Needed only when the address has accounts at several businesses (the 409 lists them). */
  business_id: id.optional(),
});
export type LoginBody = z.output<typeof LoginBody>;

export const InvitationBody = z.strictObject({ email, role: MerchantRoleSchema });
export type InvitationBody = z.output<typeof InvitationBody>;

export const AcceptInvitationBody = z.strictObject({
  token: z.string().regex(TOKEN_PATTERN, "expected the token from the invitation link (43 letters, digits, - and _)"),
  password,
});
export type AcceptInvitationBody = z.output<typeof AcceptInvitationBody>;

export const IdParams = z.strictObject({ id: uuid });
