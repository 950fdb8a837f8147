/**
 * Server rendering inside jsdom tests: what the static HTML holds before any browser code runs.
 * react-dom/server's browser build needs TextEncoder, which jsdom lacks; Node's is the same API.
 */
import { TextDecoder, TextEncoder } from "node:util";
import type { ReactElement } from "react";

Object.assign(globalThis, { TextEncoder, TextDecoder });

export function renderToStaticHtml(element: ReactElement): string {
  // Required after the polyfill is in place; an import would be hoisted above it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const server = require("react-dom/server") as typeof import("react-dom/server");
  return server.renderToString(element);
}
