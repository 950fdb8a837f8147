import { BusinessSchema } from "@mainstreet/rules/business/schema";
import { swapped } from "./menu-model";
import type { SiteDocument } from "./site-document";

/**
 * The team's edits as pure functions of the draft, and the one reference the team carries that an edit can
 * break: a location that takes appointments needs a shown member who works there and does a timed service
 * (the data contract's rule, read from the contract itself rather than written again here).
 */

export type MemberInput = NonNullable<SiteDocument["team"]>[number];

/** Members in the order the site lists them: by `order`, ties in file order. The indexes are the file's. */
export function membersInOrder(team: readonly MemberInput[] = []): { member: MemberInput; index: number }[] {
  return team.map((member, index) => ({ member, index })).sort((a, b) => (a.member.order ?? 0) - (b.member.order ?? 0) || a.index - b.index);
}

export function updateMember(document: SiteDocument, index: number, edit: (member: MemberInput) => MemberInput): SiteDocument {
  return { ...document, team: (document.team ?? []).map((member, at) => (at === index ? edit(member) : member)) };
}

/** A new member, last in the site's order; `id` is made before the edit, so the caller can open them. */
export function addMember(document: SiteDocument, name: string, id: string): SiteDocument {
  const team = document.team ?? [];
  const last = membersInOrder(team).at(-1)?.member.order ?? 0;
  return { ...document, team: [...team, { _id: id, name, order: team.length === 0 ? 0 : last + 1 }] };
}

export function removeMember(document: SiteDocument, index: number): SiteDocument {
  return { ...document, team: (document.team ?? []).filter((_, at) => at !== index) };
}

/** Moves a member up (-1) or down (+1) in the site's order; every member's `order` becomes their place. */
export function moveMember(document: SiteDocument, index: number, delta: -1 | 1): SiteDocument {
  const ordered = membersInOrder(document.team).map((entry) => entry.index);
  const position = ordered.indexOf(index);
  const places = new Map(swapped(ordered, position, position + delta).map((fileIndex, place) => [fileIndex, place]));
  return { ...document, team: (document.team ?? []).map((member, at) => ({ ...member, order: places.get(at) ?? 0 })) };
}

/** The names of the locations whose appointments the contract refuses for want of someone to book. */
function unstaffedLocations(document: SiteDocument): Set<string> {
  const result = BusinessSchema.safeParse(document);
  if (result.success) return new Set();
  const names = new Set<string>();
  for (const issue of result.error.issues) {
    const [where, index, area, field] = issue.path;
    if (where === "locations" && typeof index === "number" && area === "appointments" && field === "enabled") {
      const location = document.locations?.[index];
      names.add(location?.name || location?.street || `location ${index + 1}`);
    }
  }
  return names;
}

/**
 * The sentence that explains why an edit of the team cannot be made (nobody left to book at a location that
 * takes appointments), or null when it can.
 */
export function staffingProblem(before: SiteDocument, after: SiteDocument, who: string, action: "hide" | "remove"): string | null {
  const already = unstaffedLocations(before);
  const broken = [...unstaffedLocations(after)].filter((name) => !already.has(name));
  if (broken.length === 0) return null;
  const places = broken.length === 1 ? broken[0] : `${broken.slice(0, -1).join(", ")} and ${broken.at(-1)}`;
  return `${who} is the only person who can be booked at ${places}. To ${action} them, first give someone else there their services, or stop taking appointments at ${places}.`;
}
