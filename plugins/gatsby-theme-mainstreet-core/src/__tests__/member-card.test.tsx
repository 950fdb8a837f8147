import React from "react";
import fs from "node:fs";
import path from "node:path";
import { render, screen } from "@testing-library/react";
import { MemberCard, initials } from "../components/member-card";

describe("a team card without a photo", () => {
  it.each<[string, string]>([
    ["Theo Marchetti", "TM"],
    ["José Núñez", "JN"],
    ["Ava Maria Lindqvist", "AL"],
    ["Cher", "C"],
    ["  sam   whitaker ", "SW"],
  ])("%s reads %s", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it("shows the initials in the portrait's box, hidden from assistive technology, with the name as its heading", () => {
    const { container } = render(<MemberCard member={{ memberId: "m1", name: "Theo Marchetti", role: "Colourist", path: "/team/theo/", specialties: [], image: null }} />);
    const monogram = container.querySelector(".member-card__monogram");
    expect(monogram).toHaveTextContent("TM");
    expect(monogram).toHaveAttribute("aria-hidden", "true");
    // The same box as a photo's, so the grid's cards are one size.
    expect(monogram).toHaveClass("member-card__image");
    expect(screen.getByRole("heading", { name: "Theo Marchetti" })).toBeInTheDocument();
  });

  it("takes the recipe's soft brand colour and the portrait's shape from the core CSS", () => {
    const css = fs.readFileSync(path.join(__dirname, "..", "styles", "base.css"), "utf8");
    const rule = /\.member-card__monogram \{([^}]*)\}/.exec(css)?.[1] ?? "";
    expect(rule).toContain("background: var(--color-brand-soft)");
    expect(rule).toContain("color: var(--color-brand-dark)");
    expect(css).toMatch(/\.member-card__image \{ aspect-ratio: 4 \/ 5; \}/);
  });
});
