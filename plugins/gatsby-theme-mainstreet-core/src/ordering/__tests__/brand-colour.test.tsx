import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import React from "react";
import { fireEvent, render, screen } from "@testing-library/react";
import { brandPalette, cssRgb } from "@mainstreet/rules/site/color";
import { loadBusinessFile } from "@mainstreet/rules/business/load";
import { paletteBase, tokenStylesheet, type RecipeTokens } from "@mainstreet/rules/site/recipe-tokens";
import { CartButton } from "../cart-button";
import { fakeFetch, orderView, storeCart, useSample } from "./ordering-fixtures";
import { CORE_STYLESHEETS, RECIPES_HERE, REPO_ROOT, recipeStylesheets, recipeTokens } from "../../__tests__/recipes";

/**
 * The cart's Checkout button wears the business's own brand colour in every recipe: the drawer renders
 * outside the layout, so the colour must come from the :root variables in the page head, not from the
 * layout. jsdom computes no CSS variables, so the drawer's markup is rendered here and its colour read in
 * Chromium (computed-style.mjs) under the real stylesheets, for two businesses with different colours.
 */
const read = (file: string) => fs.readFileSync(file, "utf8");
const CORE_CSS = CORE_STYLESHEETS.map(read).join("\n");

function recipe(name: string): { tokens: RecipeTokens; css: string } {
  return { tokens: recipeTokens(name), css: recipeStylesheets(name).map(read).join("\n") };
}

function brandOf(sample: string): string {
  const loaded = loadBusinessFile(`data/${sample}/business.json`);
  if (!loaded.ok || !loaded.business.brandIdentity?.primaryColor) throw new Error(`${sample} names no brand colour`);
  return loaded.business.brandIdentity.primaryColor;
}

function computedStyle(html: string, selector: string, property: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile("node", [path.join(__dirname, "../../__tests__/computed-style.mjs")], { cwd: REPO_ROOT, timeout: 60_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
    );
    child.stdin?.end(JSON.stringify({ html, selector, property }));
  });
}

let drawerHtml = "";

beforeAll(async () => {
  window.localStorage.clear();
  useSample("restaurant");
  const order = orderView();
  storeCart("osteria-vela", "loc-fishtown", order);
  fakeFetch([(call) => (call.method === "GET" && call.path === `orders/${order.id}/` ? { status: 200, body: order } : undefined)]);
  render(
    <div id="___gatsby">
      <CartButton />
    </div>,
  );
  fireEvent.click(await screen.findByRole("button", { name: /^Cart, / }));
  const dialog = await screen.findByRole("dialog", { name: "Your cart" }, { timeout: 5000 });
  expect(await screen.findByRole("link", { name: "Checkout" })).toBeInTheDocument();
  drawerHtml = document.body.innerHTML;
  expect(dialog).toBeInTheDocument();
});

describe.each(RECIPES_HERE)("the cart's Checkout button in %s", (name) => {
  const { tokens, css } = recipe(name);

  it.each(["restaurant", "merchant"])("is the %s's brand colour, not the recipe's", async (sample) => {
    const brand = brandOf(sample);
    const expected = cssRgb(brandPalette(brand, paletteBase(tokens)).brand);
    const html = `<!doctype html><html lang="en"><head><style>${tokenStylesheet(tokens, brand)}</style><style>${CORE_CSS}\n${css}</style></head><body>${drawerHtml}</body></html>`;
    const background = await computedStyle(html, ".cart-drawer__checkout", "background-color");
    expect(background).toBe(expected);
    expect(background).not.toBe(cssRgb(tokens.colors.brand));
  }, 60_000);

  it("differs between the two businesses", () => {
    const [a, b] = ["restaurant", "merchant"].map((sample) => brandPalette(brandOf(sample), paletteBase(tokens)).brand);
    expect(a).not.toBe(b);
  });
});
