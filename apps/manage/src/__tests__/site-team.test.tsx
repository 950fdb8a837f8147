import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { TeamSection } from "../site/team-section";
import { contractProblems, renderSection, salon } from "./site-menu-harness";

/**
 * The Team section of the Site screen: members added, edited, reordered, hidden and removed; hiding or
 * removing the last person who can be booked at a location that takes appointments is explained, and the
 * document is left as the contract accepts it.
 */

const click = (element: Element) =>
  act(() => {
    fireEvent.click(element);
  });
const typeInto = (element: HTMLElement, value: string) =>
  act(() => {
    fireEvent.change(element, { target: { value } });
  });
const member = (document: ReturnType<typeof salon>, name: string) => document.team?.find((entry) => entry.name === name);

describe("the team section", () => {
  it("opens a member by a button named after them and writes their name, role, bio and visibility", () => {
    const { state } = renderSection(TeamSection, salon());
    click(screen.getByRole("button", { name: "Maya Okafor" }));
    typeInto(screen.getByLabelText("Role"), "Colour Director");
    typeInto(screen.getByLabelText("Bio"), "Twelve years of colour work.");
    expect(member(state.document, "Maya Okafor")).toMatchObject({ role: "Colour Director", bio: "Twelve years of colour work." });
    click(screen.getByRole("checkbox", { name: "Show on the site" }));
    expect(member(state.document, "Maya Okafor")?.show).toBe(false);
    expect(contractProblems(state.document)).toEqual([]);
  });

  it("explains, instead of saving, hiding or removing the only person who can be booked at a location", () => {
    const { state } = renderSection(TeamSection, salon());
    click(screen.getByRole("button", { name: "Lena Hoffmann" }));
    click(screen.getByRole("checkbox", { name: "Show on the site" }));
    expect(screen.getByRole("alert")).toHaveTextContent(/^Lena Hoffmann is the only person who can be booked at .+\. To hide them, first give someone else there their services, or stop taking appointments at/);
    expect(member(state.document, "Lena Hoffmann")?.show).not.toBe(false);
    click(screen.getByRole("button", { name: "Remove from the team" }));
    expect(screen.getByRole("alert")).toHaveTextContent(/To remove them/);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(state.changes).toBe(0);
  });

  it("adds a member, moves them up with the keyboard's button, and removes them after a confirmation", async () => {
    const { state } = renderSection(TeamSection, salon());
    click(screen.getByRole("button", { name: "Add team member" }));
    expect(screen.getByLabelText("New team member's name")).toHaveAccessibleDescription("Enter the new team member's name.");
    typeInto(screen.getByLabelText("New team member's name"), "Noor Haddad");
    click(screen.getByRole("button", { name: "Add team member" }));
    expect(state.document.team?.at(-1)).toMatchObject({ name: "Noor Haddad", order: 8 });
    expect(screen.getByRole("button", { name: "Noor Haddad" })).toHaveAttribute("aria-expanded", "true");
    const moveUp = () => within(screen.getByRole("button", { name: "Noor Haddad" }).closest("li") as HTMLElement).getByRole("button", { name: "Move up" });
    click(moveUp());
    await waitFor(() => expect(moveUp()).toHaveFocus());
    expect(moveUp()).toHaveAccessibleDescription("Noor Haddad");
    const ordered = [...(state.document.team ?? [])].map((entry, index) => ({ entry, index })).sort((a, b) => (a.entry.order ?? 0) - (b.entry.order ?? 0) || a.index - b.index);
    expect(ordered.slice(-2).map(({ entry }) => entry.name)).toEqual(["Noor Haddad", "Sam Whitaker"]);
    click(screen.getByRole("button", { name: "Remove from the team" }));
    const dialog = screen.getByRole("dialog", { name: "Remove Noor Haddad from the team?" });
    click(within(dialog).getByRole("button", { name: "Remove them" }));
    expect(member(state.document, "Noor Haddad")).toBeUndefined();
    expect(contractProblems(state.document)).toEqual([]);
  });

  it("lets staff read the team without ways to change it", () => {
    renderSection(TeamSection, salon(), { readOnly: true });
    expect(screen.queryByRole("button", { name: "Add team member" })).not.toBeInTheDocument();
    click(screen.getByRole("button", { name: "Maya Okafor" }));
    expect(screen.getByLabelText("Role")).toHaveAttribute("readonly");
    expect(screen.queryByRole("button", { name: "Remove from the team" })).not.toBeInTheDocument();
  });
});
