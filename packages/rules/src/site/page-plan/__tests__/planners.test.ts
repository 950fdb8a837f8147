import { planAppointmentPages } from "../appointment-pages";
import { planBuilder } from "../plan-builder";
import { planOrderingPages } from "../ordering-pages";
import { planTeamPages } from "../team-pages";
import type { PageSpec, PlanInput } from "../types";

const spec = (path: string, id: string): PageSpec => ({ path, template: "about", context: { id, title: id, navigationOrder: 0, navigationGroupOrder: 0, canonicalPath: path } });

const business = (overrides: Partial<PlanInput>): PlanInput => ({ pages: [], menu: { categories: [], items: [] }, team: [], locations: [], ...overrides });

describe("planBuilder: each section's planner claims paths through it", () => {
  it("keeps the first claimant of a path and names both in a warning", () => {
    const plan = planBuilder();
    plan.add(spec("/about/", "first"), "pages[0]");
    plan.add(spec("/about/", "second"), "pages[1]");
    expect(plan.pages.map((page) => page.context.id)).toEqual(["first"]);
    expect(plan.warnings).toEqual(["pages[1]: its page /about/ is already planned for pages[0]; no second page created"]);
  });

  it.each<[string, string, boolean]>([
    ["/team/ana/", "team", true],
    ["/team/", "team", false],
  ])("a generated page at %s under %s is planned: %s", (path, root, planned) => {
    const plan = planBuilder();
    plan.addGenerated(spec(path, "x"), "team[0]", root, "why");
    expect(plan.pages.length === 1).toBe(planned);
    expect(plan.warnings).toEqual(planned ? [] : [`team[0]: why, so its page would be ${path}; no page created`]);
  });
});

describe("section planners stand alone", () => {
  it("plans checkout and the order confirmation only when ordering is enabled", () => {
    for (const enabled of [true, false]) {
      const plan = planBuilder();
      planOrderingPages(plan, business({ ordering: { enabled } }));
      expect(plan.pages.map((page) => page.template)).toEqual(enabled ? ["checkout", "order"] : []);
    }
  });

  it("plans shown team members only, under the team page", () => {
    const plan = planBuilder();
    planTeamPages(plan, business({ pages: [{ id: "p-team", title: "Team", pageType: "team", slug: "team", navigationOrder: 0, navigationGroupOrder: 0 }], team: [{ id: "m1", name: "Ana", show: true, order: 0 }, { id: "m2", name: "Bo", show: false, order: 1 }] }));
    expect(plan.pages.map((page) => [page.path, page.context.fishermanParentPageId])).toEqual([["/team/ana/", "p-team"]]);
  });

  it.each<[string, PlanInput["locations"], string[]]>([
    ["one location takes appointments", [{ id: "a", city: "Brooklyn", street: "1 Main", appointments: { enabled: true } }, { id: "b", city: "Chicago", street: "2 Main" }], ["/book/", "/appointments/manage/"]],
    ["none does", [{ id: "a", city: "Brooklyn", street: "1 Main", appointments: { enabled: false } }], []],
  ])("plans one booking page and the manage page when %s", (_name, locations, paths) => {
    const plan = planBuilder();
    planAppointmentPages(plan, business({ locations }));
    expect(plan.pages.map((page) => page.path)).toEqual(paths);
    expect(plan.pages.map((page) => page.template)).toEqual(paths.length ? ["appointments", "appointment-manage"] : []);
  });
});
