/** Blog posts. */
import { z } from "zod";
import { idFields, ImagePathSchema, isoDateTime, OptionalText, SLUG_PATTERN, text } from "./fields";
import { expected, pickId, record, remember } from "./record";

export const BlogPostSchema = record("a blog post", { id: "BlogPost", description: "A blog post (SPEC \u00a73)." }, {
  ...idFields,
  title: text("a title as non-empty text").describe("Title."),
  author: OptionalText.describe("Author's name."),
  slug: z.string(expected("a slug")).regex(SLUG_PATTERN, expected('a lower-case slug like "spring-colour-trends"')).optional().describe("Lower-case slug of the post's page under the blog (/journal/<slug>/); defaults to the title's slug."),
  summary: OptionalText.describe("One-paragraph summary: on the post's card, under its title, and as its search description."),
  publishedAt: isoDateTime('a publication date like "2025-03-14" or "2025-03-14T09:30:00Z"').describe("Publication date or date-time, ISO 8601 (\"2025-03-14\" or \"2025-03-14T09:30:00Z\"); a date, or a time without an offset, is read in the primary location's time zone. Newest posts come first."),
  heroImage: ImagePathSchema.optional().describe("Optional image path relative to business.json."),
  heroImageAltText: OptionalText.describe("Alternative text for heroImage; required with it."),
  content: z.string(expected("text content (markdown allowed)")).optional().describe("Body in the blog's small Markdown: paragraphs, ## headings, - lists, 1. lists, > quotes, **strong**, *emphasis* and [links](https://…); never HTML (see \"Blog\" above the reference)."),
}).transform((v, ctx) => {
  const { id, key } = pickId(ctx, v);
  if (v.heroImage && !v.heroImageAltText) {
    ctx.addIssue({ code: "custom", path: ["heroImageAltText"], message: "expected alt text for heroImage", input: v.heroImageAltText });
  }
  return remember(
    {
      id,
      title: v.title,
      author: v.author || undefined,
      slug: v.slug,
      summary: v.summary || undefined,
      publishedAt: v.publishedAt,
      heroImage: v.heroImage ? { file: v.heroImage, alt: v.heroImageAltText ?? "", caption: undefined } : undefined,
      content: v.content,
    },
    { id: key },
  );
});
export type BlogPost = z.output<typeof BlogPostSchema>;
