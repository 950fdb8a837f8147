/** What every section's planner shares: the pages planned so far, who owns each path, and the warnings. */
import type { PagePlan, PageSpec, PlanInput } from "./types";

/** "/a/b/" from "a/b"; "/" from "". */
export function pathFromSlug(slug: string): string {
  const trimmed = slug.replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "/" : `/${trimmed}/`;
}

/**
 * SPEC §2: a generated page is served only when its path contains the root slug and does not end with
 * it. Compared segment by segment, so "/servicesx/a/" does not count as containing "services".
 */
export function isGeneratedPathServed(path: string, root: string): boolean {
  const segments = path.split("/").filter((segment) => segment !== "");
  return segments.includes(root) && segments[segments.length - 1] !== root;
}

export const quote = (text: string) => JSON.stringify(text);

/** The path of a record's page directly under `root` ("/team/ada/"); an empty slug gives the root's own path, which is refused. */
export const pathUnder = (root: string, slug: string): string => `/${root}/${slug ? `${slug}/` : ""}`;

/** Why a record's page under a root is refused: what it is named by (`source`) gives no slug, or its slug ends with the root slug. */
export const refusedSlug = (slug: string, source = "name"): string => (slug === "" ? `its ${source} gives an empty slug` : `its slug ${quote(slug)} ends with the root slug`);

/** Stable order by `order`, then by position in the data. */
export function byOrder<T extends { order: number }>(records: readonly T[]): { record: T; index: number }[] {
  return records.map((record, index) => ({ record, index })).sort((a, b) => a.record.order - b.record.order || a.index - b.index);
}

/** The first website page of one of `types`, as the parent generated pages hang under in the navigation. */
export function parentOf(business: PlanInput, ...types: string[]): { fishermanParentPageId?: string; fishermanParentPageType?: string } {
  for (const type of types) {
    const page = business.pages.find((candidate) => candidate.pageType === type);
    if (page) return { fishermanParentPageId: page.id, fishermanParentPageType: page.pageType };
  }
  return {};
}

export interface PlanBuilder extends PagePlan {
  /** Adds a page unless its path is already planned; the first claimant keeps it. */
  add(page: PageSpec, owner: string): void;
  /** Adds a generated page through the SPEC serving rule; a refusal names the record and `why`. */
  addGenerated(page: PageSpec, owner: string, root: string, why: string): void;
  warn(warning: string): void;
}

export function planBuilder(): PlanBuilder {
  const pages: PageSpec[] = [];
  const warnings: string[] = [];
  const owners = new Map<string, string>();
  const add = (page: PageSpec, owner: string) => {
    const existing = owners.get(page.path);
    if (existing) {
      warnings.push(`${owner}: its page ${page.path} is already planned for ${existing}; no second page created`);
      return;
    }
    owners.set(page.path, owner);
    pages.push(page);
  };
  return {
    pages,
    warnings,
    add,
    addGenerated(page, owner, root, why) {
      if (!isGeneratedPathServed(page.path, root)) {
        warnings.push(`${owner}: ${why}, so its page would be ${page.path}; no page created`);
        return;
      }
      add(page, owner);
    },
    warn(warning) {
      warnings.push(warning);
    },
  };
}
