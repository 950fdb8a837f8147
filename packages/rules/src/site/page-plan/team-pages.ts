/** A page per shown team member, under /team/. */
import { ROOT_SLUGS, uniqueSlugs } from "../slugs";
import { byOrder, parentOf, pathUnder, quote, refusedSlug, type PlanBuilder } from "./plan-builder";
import { DEFAULT_NAVIGATION_ORDER, type PlanInput } from "./types";

export function planTeamPages(plan: PlanBuilder, business: PlanInput): void {
  const root = ROOT_SLUGS.team;
  const parent = parentOf(business, "team");
  const team = byOrder(business.team);
  const slugs = uniqueSlugs(team.map(({ record }) => record.name));
  team.forEach(({ record: member, index }, position) => {
    if (!member.show) return;
    const slug = slugs[position];
    const path = pathUnder(root, slug);
    plan.addGenerated(
      {
        path,
        template: "team-member",
        context: {
          id: member.id,
          title: member.name,
          navigationOrder: position,
          navigationGroupOrder: DEFAULT_NAVIGATION_ORDER,
          ...parent,
          canonicalPath: path,
          memberId: member.id,
        },
      },
      `team[${index}] ${quote(member.name)} (id ${member.id})`,
      root,
      refusedSlug(slug),
    );
  });
}
