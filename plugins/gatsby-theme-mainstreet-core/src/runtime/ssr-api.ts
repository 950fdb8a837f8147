import type { GatsbySSR } from "gatsby";

/** The document language for every page (a recipe may add more head and body attributes). */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "en" });
};
