import type { GatsbySSR } from "gatsby";

/** The document language for every page (the recipe may add more head and body attributes). */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "en" });
};
