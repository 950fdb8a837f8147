import React from "react";
import { readableTextColor, isHexColor } from "@mainstreet/rules/site/color";
import { FOOTER } from "@mainstreet/rules/business/constants";


interface PoweredByProps {
  brand: string;
  brandCode: string;
  background?: string | null;
}

const PROVIDER = {
  main: { name: "Mainstreet", url: "https://mainstreet.example/?ref=FISH" },
  secondary: { name: "Mainstreet Glam", url: "https://mainstreet.example/glam/?ref=GLAM" },
} as const;

/**
 * The provider's 'Powered by' banner on every page (SPEC §1): main or secondary brand, on the configured
 * background colour (default black) with whichever text colour reads at AA on it.
 */
export function PoweredBy({ brand, brandCode, background }: PoweredByProps) {
  const provider = brand === "secondary" ? PROVIDER.secondary : PROVIDER.main;
  const fill = isHexColor(background) ? background : FOOTER.poweredByBackground;
  const color = readableTextColor(fill);
  return (
    <div className="powered-by" style={{ background: fill, color }} data-brand={brandCode}>
      <a href={provider.url} style={{ color }} rel="noopener">
        <svg className="powered-by__mark" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M2 17V3l8 7 8-7v14" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinejoin="round" />
        </svg>
        <span>
          Powered by <strong>{provider.name}</strong>
        </span>
      </a>
    </div>
  );
}
