/** The people on the team. */
import { z } from "zod";
import { Flag, idFields, ImageRefSchema, OptionalText, text } from "./fields";
import { expected, pickId, record, remember } from "./record";

export const TeamMemberSchema = record("a team member", { id: "TeamMember", description: "A person on the team (SPEC \u00a73 team member)." }, {
  ...idFields,
  name: text("a name as non-empty text").describe("Full name; also the source of the member's page slug."),
  show: Flag.default(true).describe("Hidden members (false) get no page and are not listed."),
  role: OptionalText.describe("Job title, e.g. \"Senior Stylist\"."),
  bio: OptionalText.describe("Short biography."),
  image: ImageRefSchema.optional().describe("Optional portrait."),
  specialties: z.array(text("a specialty as non-empty text"), expected("a list of specialties")).prefault([]).describe("What the member is known for."),
  order: z.number(expected("a sort order number")).default(0).describe("Sort order (ties keep file order)."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  return remember(
    { id, name: v.name, show: v.show, role: v.role || undefined, bio: v.bio || undefined, image: v.image, specialties: v.specialties, order: v.order },
    { id: key },
  );
});
export type TeamMember = z.output<typeof TeamMemberSchema>;
