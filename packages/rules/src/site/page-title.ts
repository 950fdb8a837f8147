/**
 * The document title of a page (`<title>`, og:title, twitter:title): the page's own title, then the
 * business name, once. Merchants often write SEO titles that already carry the name ("Luma Hair & Beauty |
 * Brooklyn hair salon"); appending it again reads as spam in search results and wastes the ~60 characters
 * they show.
 */
export const TITLE_SEPARATOR = " | ";

function normalise(text: string): string {
  return text.normalize("NFKC").toLocaleLowerCase("en-US").replace(/\s+/g, " ").trim();
}

export function documentTitle(pageTitle: string | null | undefined, businessName: string): string {
  const title = (pageTitle ?? "").replace(/\s+/g, " ").trim();
  const name = businessName.replace(/\s+/g, " ").trim();
  if (!title) return name;
  if (!name || normalise(title).includes(normalise(name))) return title;
  return `${title}${TITLE_SEPARATOR}${name}`;
}
