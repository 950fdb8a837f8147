/**
 * Where the merchant workspace lives: its own small app, served by the API service at
 * `/manage/` and never loaded by visitor pages. One document; its screens are hash routes
 * (`/manage/#/orders`), so the service serves that one file whatever the screen.
 */

/** The workspace's path on the service's origin. */
export const MANAGE_PATH = "/manage/";

/** Its hashed script and style sheet, under MANAGE_PATH. */
export const MANAGE_ASSETS_DIR = "assets";

/** Meta tag naming the API base for the app; the service writes its API_BASE into it when it serves the document. */
export const MANAGE_API_BASE_META = "mainstreet-api-base";
export const MANAGE_API_BASE_PLACEHOLDER = "__MAINSTREET_API_BASE__";

/** The workspace's screens, as hash routes. */
export const MANAGE_SCREENS = ["orders", "kitchen", "availability", "reservations", "calendar", "messages", "reviews", "subscribers", "site", "staff"] as const;
export type ManageScreen = (typeof MANAGE_SCREENS)[number];

export type ManageRoute =
  | { screen: ManageScreen; view: string | null }
  | { screen: "accept"; token: string }
  | { screen: "sign-in" }
  | { screen: "forgot" }
  | { screen: "reset"; token: string };

/** The hash of a route: `#/orders`, `#/orders/recent`, `#/accept/<token>`, `#/reset/<token>`. */
export function manageHash(route: ManageRoute): string {
  if (route.screen === "accept" || route.screen === "reset") return `#/${route.screen}/${encodeURIComponent(route.token)}`;
  if (route.screen === "sign-in" || route.screen === "forgot") return `#/${route.screen}`;
  return `#/${route.screen}${route.view ? `/${encodeURIComponent(route.view)}` : ""}`;
}

/** The route a location hash names; anything else is the order queue (the workspace's home). */
export function parseManageHash(hash: string): ManageRoute {
  const parts = hash.replace(/^#\/?/, "").split("/").filter(Boolean);
  const decode = (part: string | undefined) => {
    if (part === undefined) return null;
    try {
      return decodeURIComponent(part);
    } catch {
      return null;
    }
  };
  const [first, second] = parts;
  if (first === "accept" || first === "reset") {
    const token = decode(second);
    return token ? { screen: first, token } : { screen: "sign-in" };
  }
  if (first === "sign-in" || first === "forgot") return { screen: first };
  const screen = MANAGE_SCREENS.find((candidate) => candidate === first);
  return screen ? { screen, view: decode(second) } : { screen: "orders", view: null };
}
