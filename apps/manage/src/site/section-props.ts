import type { SiteDocument } from "./site-document";
/** What every section of the Site screen is given by the draft machinery. */
export interface SiteSectionProps {
  /** The draft in the data file's shape (as GET manage/site/ answers it). */
  document: SiteDocument;
  /** Applies a change to the draft at once; the machinery saves it (debounced) and reports errors. */
  change: (edit: (document: SiteDocument) => SiteDocument) => void;
  /** Staff read the site; only owners edit. */
  readOnly: boolean;
  /** The service's 422 messages for the draft, by path inside the document ("menu.items[3].variations[0].price"). */
  errors: ReadonlyMap<string, string>;
  /**
   * The field the owner asked to see from the error summary: a section that shows part of its fields (the menu,
   * one category and item at a time) opens the part holding it. A new object for every ask, the same path too.
   */
  reveal?: SiteReveal | null;
}

export interface SiteReveal {
  path: string;
}
