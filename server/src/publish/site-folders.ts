import { existsSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";

/**
 * A business's published sites on disk (docs/publishing.md):
 *
 *   <SITES_DIR>/<business>/versions/<n>/   one folder per build, what an operator uploads to a CDN
 *   <SITES_DIR>/<business>/live            a symbolic link to versions/<n>, the version the public site serves
 *   <SITES_DIR>/<business>/previews/<id>/  a build of a draft, served on its preview host, never live
 *
 * The link is replaced with rename(2) over a new link made beside it, which is atomic: a request resolves
 * either the old folder or the new one, never a mix.
 */

/** Versions kept on disk per business (the live one is always among them). */
export const KEPT_VERSIONS = 5;
/** Previews kept on disk per business: an older preview's address answers 404. */
export const KEPT_PREVIEWS = 3;

export const businessDir = (sitesDir: string, businessId: string) => join(sitesDir, businessId);
export const versionsDir = (sitesDir: string, businessId: string) => join(businessDir(sitesDir, businessId), "versions");
export const versionDir = (sitesDir: string, businessId: string, version: number) => join(versionsDir(sitesDir, businessId), String(version));
export const previewsDir = (sitesDir: string, businessId: string) => join(businessDir(sitesDir, businessId), "previews");
export const previewDir = (sitesDir: string, businessId: string, id: string) => join(previewsDir(sitesDir, businessId), id);
export const liveLink = (sitesDir: string, businessId: string) => join(businessDir(sitesDir, businessId), "live");

/** The version the live link points at, or null when the business has none. */
export function liveVersionOnDisk(sitesDir: string, businessId: string): number | null {
  try {
    const match = /^versions\/(\d+)$/.exec(readlinkSync(liveLink(sitesDir, businessId)));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Whether a version's folder is still kept. */
export function versionKept(sitesDir: string, businessId: string, version: number): boolean {
  return existsSync(join(versionDir(sitesDir, businessId, version), "index.html"));
}

/** Points `live` at versions/<version> in one rename. */
export function switchLive(sitesDir: string, businessId: string, version: number): void {
  const link = liveLink(sitesDir, businessId);
  const next = `${link}.${process.pid}.${Date.now()}.next`;
  mkdirSync(businessDir(sitesDir, businessId), { recursive: true });
  // Relative, so the folder can be moved or copied whole (a backup, a CDN upload) and still resolve.
  symlinkSync(join("versions", String(version)), next);
  try {
    renameSync(next, link);
  } catch (error) {
    rmSync(next, { force: true });
    throw error;
  }
}

/** Removes the versions beyond the newest KEPT_VERSIONS, never the live one; the versions removed. */
export function pruneVersions(sitesDir: string, businessId: string, keep = KEPT_VERSIONS): number[] {
  const dir = versionsDir(sitesDir, businessId);
  if (!existsSync(dir)) return [];
  const live = liveVersionOnDisk(sitesDir, businessId);
  const versions = readdirSync(dir)
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => b - a);
  const kept = new Set(versions.slice(0, keep));
  const removed = versions.filter((version) => !kept.has(version) && version !== live);
  for (const version of removed) rmSync(versionDir(sitesDir, businessId, version), { recursive: true, force: true });
  return removed;
}

/** Removes the preview folders (and leftover staging folders) not among `keep`; the folders removed. */
export function prunePreviews(sitesDir: string, businessId: string, keep: readonly string[]): string[] {
  const dir = previewsDir(sitesDir, businessId);
  if (!existsSync(dir)) return [];
  const kept = new Set(keep);
  // Staging folders (".<id>.<worker>") belong to builds that may still be running: only finished ones go.
  const removed = readdirSync(dir).filter((name) => !name.startsWith(".") && !kept.has(name));
  for (const name of removed) rmSync(join(dir, name), { recursive: true, force: true });
  return removed;
}
