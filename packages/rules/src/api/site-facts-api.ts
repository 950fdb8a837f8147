import { z } from "zod";

/**
 * What the live site reads without a build (`GET businesses/{id}/site-facts/`, docs/publishing.md "Facts read
 * live"): per location its weekly hours and its special hours from yesterday to two weeks ahead (in the
 * location's zone), and the announcement. Declared once: the service builds and checks its replies and the
 * rows it stores with these schemas; the browser reads them with the small reader of
 * @mainstreet/rules/hours/live-facts, whose tests require it to accept what these accept.
 */

const Hhmm = z.number().int().min(0).max(2400);

export const FactsHoursSchema = z.strictObject({
  day: z.number().int().min(1).max(7),
  open: Hhmm.nullable(),
  close: Hhmm.nullable(),
  label: z.string().optional(),
});

export const FactsSpecialHoursSchema = z.strictObject({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  closed: z.boolean(),
  open: Hhmm.nullable(),
  close: Hhmm.nullable(),
  label: z.string().optional(),
});

export const FactsLocationSchema = z.strictObject({
  id: z.string().min(1),
  timezone: z.string().min(1),
  hours: z.array(FactsHoursSchema),
  special_hours: z.array(FactsSpecialHoursSchema),
});
export type FactsLocation = z.infer<typeof FactsLocationSchema>;

export const FactsAnnouncementSchema = z.strictObject({
  title: z.string().nullable(),
  text: z.string().min(1),
  link: z.strictObject({ label: z.string(), href: z.string() }).nullable(),
});

/** The facts of one revision as the service keeps them (every special date, not only the window). */
export const StoredFactsSchema = z.strictObject({
  revision: z.number().int().min(1),
  locations: z.array(FactsLocationSchema),
  announcement: FactsAnnouncementSchema.nullable(),
});
export type StoredFacts = z.infer<typeof StoredFactsSchema>;

/**
 * `GET businesses/{id}/site-facts/`: special hours only in the window. `revision` is the revision the facts come
 * from, null for a business with nothing published yet (its facts are the data file the service started with).
 */
export const SiteFactsReplySchema = StoredFactsSchema.extend({ revision: z.number().int().min(1).nullable() });
export type SiteFactsReply = z.infer<typeof SiteFactsReplySchema>;

/** `POST manage/site/closed-today/`: the location closed for the rest of its today (`closed: true`), or open again. */
export const ClosedTodayBody = z.strictObject({
  location_id: z.string({ message: "expected the id of one of the business's locations" }).min(1, "expected the id of one of the business's locations"),
  closed: z.boolean({ message: "expected true (closed today) or false (open again today)" }),
});
export type ClosedTodayBody = z.output<typeof ClosedTodayBody>;

/** The reply: the new draft revision, the location's date the closure is for, and whether it is now closed. */
export const ClosedTodayReplySchema = z.strictObject({
  revision: z.number().int().min(1),
  location_id: z.string(),
  date: z.string(),
  closed: z.boolean(),
});
export type ClosedTodayReply = z.infer<typeof ClosedTodayReplySchema>;
