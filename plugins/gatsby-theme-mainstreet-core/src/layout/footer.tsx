import React from "react";
import { deferred } from "../hydration/deferred";
import type { FooterProps } from "./footer-body";

/**
 * The footer is below the fold on every page: its code (hours, open status, contact, the sign-up form)
 * loads when it comes near the screen, and its server HTML stands until then (footer-body.tsx).
 */
const FooterBody = deferred(() => import("./footer-body"), { code: "part-footer-body" });

export function Footer(props: FooterProps) {
  return <FooterBody {...props} />;
}
