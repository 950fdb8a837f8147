/** Command-line options of `npm run audit`. Pure: argv and the known samples in, options or a usage error out. */
import { AUDIT_PAGE_TYPES, isAuditPageType, type AuditPageType } from "./page-types";

const DEFAULT_SITES = ["salon", "restaurant", "merchant"];

export interface AuditOptions {
  check: boolean;
  sites: string[];
  /** null: every page type. */
  pages: AuditPageType[] | null;
  /** false: audit the existing public/ instead of building (one site only). */
  build: boolean;
  help: boolean;
}

export const USAGE = `Usage: npm run audit -- [--check] [--site <name>[,<name>…]] [--page <type>[,<type>…]] [--no-build]

  --check        exit 1 when a gated budget fails (bytes, axe, HTML, JSON-LD, accessibility/SEO/best-practices);
                 measures only those (no performance category: its figures vary with load and are not gated)
  --site         sample(s) under data/ to audit (default: ${DEFAULT_SITES.join(", ")})
  --page         page types to audit (default: all): ${AUDIT_PAGE_TYPES.join(", ")}
  --no-build     audit the site already built in public/ (with one --site naming what it was built from)
  --help         this text

Writes audit/report.json and audit/report.md and prints the table.`;

export class UsageError extends Error {}

const list = (value: string) =>
  value
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");

export function parseAuditArgs(argv: readonly string[], knownSites: readonly string[]): AuditOptions {
  const options: AuditOptions = { check: false, sites: [], pages: null, build: true, help: false };
  const pages: AuditPageType[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const raw = argv[index];
    const [flag, inline] = raw.startsWith("--") && raw.includes("=") ? [raw.slice(0, raw.indexOf("=")), raw.slice(raw.indexOf("=") + 1)] : [raw, undefined];
    const value = () => {
      const next = inline ?? argv[index + 1];
      if (next === undefined || (inline === undefined && next.startsWith("--"))) throw new UsageError(`${flag}: expected a value after it, got ${next === undefined ? "nothing" : next}`);
      if (inline === undefined) index += 1;
      return next;
    };
    switch (flag) {
      case "--check":
        options.check = true;
        break;
      case "--no-build":
        options.build = false;
        break;
      case "--help":
      case "-h":
        options.help = true;
        break;
      case "--site":
        for (const site of list(value())) {
          if (!knownSites.includes(site)) throw new UsageError(`--site: expected one of ${knownSites.join(", ")}, got ${JSON.stringify(site)}`);
          if (!options.sites.includes(site)) options.sites.push(site);
        }
        break;
      case "--page":
        for (const page of list(value())) {
          if (!isAuditPageType(page)) throw new UsageError(`--page: expected one of ${AUDIT_PAGE_TYPES.join(", ")}, got ${JSON.stringify(page)}`);
          if (!pages.includes(page)) pages.push(page);
        }
        break;
      default:
        throw new UsageError(`expected one of --check, --site, --page, --no-build, --help, got ${JSON.stringify(raw)}`);
    }
  }
  if (options.sites.length === 0) options.sites = DEFAULT_SITES.filter((site) => knownSites.includes(site));
  if (pages.length > 0) options.pages = pages;
  if (!options.build && options.sites.length !== 1) {
    throw new UsageError(`--no-build: expected exactly one --site (the sample public/ was built from), got ${options.sites.length === 0 ? "none" : options.sites.join(", ")}`);
  }
  return options;
}
