import { documentTitle } from "../page-title";

describe("documentTitle: the page's title, then the business name, once", () => {
  it.each<[string | null | undefined, string, string]>([
    ["Services", "Luma Hair & Beauty", "Services | Luma Hair & Beauty"],
    // An SEO title that already names the business keeps its own wording.
    ["Luma Hair & Beauty | Brooklyn and Chicago hair salon", "Luma Hair & Beauty", "Luma Hair & Beauty | Brooklyn and Chicago hair salon"],
    ["Brooklyn salon — luma hair &  beauty", "Luma Hair & Beauty", "Brooklyn salon — luma hair & beauty"],
    ["Luma Hair & Beauty", "Luma Hair & Beauty", "Luma Hair & Beauty"],
    // The home page without an SEO title, and the offline shell.
    [null, "Vela", "Vela"],
    ["", "Vela", "Vela"],
    ["   ", "Vela", "Vela"],
    ["Menu", "Vela", "Menu | Vela"],
    // Full-width letters fold (NFKC) before comparing.
    ["Ｖｅｌａ Pizzeria", "Vela", "Ｖｅｌａ Pizzeria"],
    ["Menu\n of the day", "Vela", "Menu of the day | Vela"],
  ])("%j with %j → %j", (title, name, expected) => {
    expect(documentTitle(title, name)).toBe(expected);
  });
});
