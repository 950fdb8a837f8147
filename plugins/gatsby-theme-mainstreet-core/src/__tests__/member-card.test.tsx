import React, { type ComponentType } from "react";
import fs from "node:fs";
import path from "node:path";
import { render, screen } from "@testing-library/react";
import { MemberCard, type MemberData } from "../components/member-card";
import { MemberPortrait, initials } from "../components/member-portrait";
import type { ImageNode } from "../components/page-header";
import TeamMemberTemplate from "../components/pages/team-member";
import { answerStaticQueries, sampleSite } from "./fixtures";

const salon = sampleSite("salon");
beforeEach(() => answerStaticQueries(salon));
// A page body takes Gatsby's PageProps; the test gives the part the body reads.
const TeamMemberPage = TeamMemberTemplate as unknown as ComponentType<{ data: unknown }>;

describe("a member without a photo", () => {
  it.each<[string, string]>([
    ["Theo Marchetti", "TM"],
    ["José Núñez", "JN"],
    ["Ava Maria Lindqvist", "AL"],
    ["Cher", "C"],
    ["  sam   whitaker ", "SW"],
  ])("%s reads %s", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it("on a team card: the initials in the portrait's box, hidden from assistive technology, with the name as its heading", () => {
    const { container } = render(<MemberCard member={{ memberId: "m1", name: "Theo Marchetti", role: "Colourist", path: "/team/theo/", specialties: [], image: null }} />);
    const portrait = container.querySelector(".member-portrait--initials");
    expect(portrait).toHaveTextContent("TM");
    expect(portrait).toHaveAttribute("aria-hidden", "true");
    // The same box as a photo's, so the grid's cards are one size.
    expect(portrait).toHaveClass("member-card__image", "member-portrait--card");
    expect(screen.getByRole("heading", { name: "Theo Marchetti" })).toBeInTheDocument();
  });

  it("on their own page: the initials fill the picture's column, in the box a photo takes there", () => {
    const member = salon.members.find((candidate) => candidate.show && !candidate.image)!;
    const { container } = render(<TeamMemberPage data={{ mainstreetTeamMember: member }} />);
    const column = container.querySelector(".item-detail")!.firstElementChild!;
    expect(column).toHaveClass("member-portrait", "member-portrait--large", "member-portrait--initials", "item-detail__image");
    expect(column).toHaveTextContent(initials(member.name));
    expect(column).toHaveAttribute("aria-hidden", "true");
    expect(screen.getByRole("heading", { level: 1, name: member.name })).toBeInTheDocument();
  });

  it.each(["card", "large", "small"] as const)("the %s size draws the initials with nothing for assistive technology to read twice", (size) => {
    const { container } = render(<MemberPortrait name="Lena Hoffmann" size={size} />);
    expect(container.firstElementChild).toHaveClass(`member-portrait--${size}`, "member-portrait--initials");
    expect(container.firstElementChild).toHaveAttribute("aria-hidden", "true");
  });
});

describe("a member with a photo", () => {
  it("gets the photo in the same box on a card and on their own page, with its alt text", () => {
    const gatsbyImageData = { layout: "constrained", width: 560, height: 700, images: { fallback: { src: "/static/maya.jpg", srcSet: "/static/maya.jpg 560w" }, sources: [] } };
    const image = { alt: "Maya at her chair", file: { childImageSharp: { gatsbyImageData } } };
    const member = { ...(salon.members.find((candidate) => candidate.show) as MemberData), image } as MemberData & { image: typeof image };
    const card = render(<MemberCard member={member} />);
    expect(card.container.querySelector(".member-portrait--card img")).toHaveAttribute("alt", member.image.alt);
    expect(card.container.querySelector(".member-portrait--initials")).toBeNull();
    card.unmount();
    const page = render(<TeamMemberPage data={{ mainstreetTeamMember: member }} />);
    expect(page.container.querySelector(".member-portrait--large.item-detail__image img")).toHaveAttribute("alt", member.image.alt);
  });
});

describe("a round avatar beside a choice (the booking flow's person step)", () => {
  it("shows the photo as decoration, since the person's name is the choice's label", () => {
    const gatsbyImageData = { layout: "fixed", width: 48, height: 48, images: { fallback: { src: "/static/maya.jpg", srcSet: "/static/maya.jpg 1x" }, sources: [] } };
    const { container } = render(<MemberPortrait name="Maya Okafor" size="small" image={{ alt: "Maya at her chair", file: { childImageSharp: { gatsbyImageData } } } as unknown as ImageNode} />);
    expect(container.querySelector(".member-portrait--small img")).toHaveAttribute("alt", "");
  });
});

describe("the portrait's look", () => {
  const css = fs.readFileSync(path.join(__dirname, "..", "styles", "base.css"), "utf8");
  it("takes the recipe's soft brand colour and the portrait's shape from the core CSS", () => {
    const rule = /\.member-portrait--initials \{([^}]*)\}/.exec(css)?.[1] ?? "";
    expect(rule).toContain("background: var(--color-brand-soft)");
    expect(rule).toContain("color: var(--color-brand-dark)");
    expect(css).toMatch(/\.member-portrait \{ aspect-ratio: 4 \/ 5; \}/);
    expect(css).toMatch(/\.member-portrait--small \{[^}]*border-radius: 50%/);
  });
});
