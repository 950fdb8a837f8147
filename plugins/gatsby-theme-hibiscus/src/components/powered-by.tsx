import React from "react";

interface PoweredByProps {
  brand: string;
  brandCode: string;
  background: string;
}

const PROVIDER = {
  main: { name: "Mainstreet", url: "https://mainstreet.example/?ref=FISH" },
  secondary: { name: "Mainstreet Glam", url: "https://mainstreet.example/glam/?ref=GLAM" },
} as const;

/** Text colour that stays readable (WCAG AA) on whatever banner colour the operator configured. */
export function readableTextColor(background: string): string {
  const hex = background.replace("#", "");
  const full = hex.length === 3 ? hex.split("").map((c) => c + c).join("") : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  return luminance > 0.179 ? "#111111" : "#ffffff";
}

/** The provider's 'Powered by' banner shown on every page (SPEC §1). */
export function PoweredBy({ brand, brandCode, background }: PoweredByProps) {
  const provider = brand === "secondary" ? PROVIDER.secondary : PROVIDER.main;
  const color = readableTextColor(background);
  return (
    <div className="powered-by" style={{ background, color }} data-brand={brandCode}>
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
