/**
 * The data door: read one business.json, parse it, validate it, check the images it names, and
 * either return the normalised business or every problem as one line each. Nothing here throws for a
 * bad file, so a build can print the lines and stop without a stack trace.
 */
import fs from "node:fs";
import path from "node:path";
import { formatIssues, formatPath } from "./format-issues";
import { scanJson } from "./json-syntax";
import { BusinessSchema, type Business, type ImageRef } from "./schema";

export type LoadResult =
  | { ok: true; business: Business; /** absolute path of the data file */ file: string; /** absolute directory images resolve from */ dir: string }
  | { ok: false; problems: string[] };

export type ValidationResult = { ok: true; business: Business } | { ok: false; problems: string[] };

/** Parses JSON text; a syntax error becomes `<file>: line L, column C: expected …, got …`. */
export function parseJsonText(text: string, file: string): { ok: true; value: unknown } | { ok: false; problems: string[] } {
  const { problem, duplicates } = scanJson(text);
  if (problem) {
    return { ok: false, problems: [`${file}: line ${problem.line}, column ${problem.column}: expected ${problem.expected}, got ${problem.found}`] };
  }
  // JSON.parse keeps the last of two equal keys without a word; a merchant's edit would vanish silently.
  if (duplicates.length > 0) {
    return {
      ok: false,
      problems: duplicates.map(({ path: at, key }) => `${file}: ${formatPath([...at, key])}: expected each field once in an object, got ${JSON.stringify(key)} more than once`),
    };
  }
  try {
    return { ok: true, value: JSON.parse(text.replace(/^\uFEFF/, "")) as unknown };
  } catch (error) {
    // The scanner accepted the text, so this is a disagreement about an edge of JSON; still one line, no stack.
    return { ok: false, problems: [`${file}: expected valid JSON, got ${(error as Error).message}`] };
  }
}

/** Validates an already-parsed document against the business data contract. */
export function validateBusiness(document: unknown, file: string): ValidationResult {
  const result = BusinessSchema.safeParse(document, { reportInput: true });
  if (result.success) return { ok: true, business: result.data };
  return { ok: false, problems: formatIssues(file, result.error.issues, document) };
}

type ImageUse = { path: (string | number)[]; file: string };

/** Every image file the business names, with the field path that names it. */
export function imageReferences(business: Business): ImageUse[] {
  const uses: ImageUse[] = [];
  const add = (image: ImageRef | undefined, at: (string | number)[]) => {
    if (image) uses.push({ path: [...at, "file"], file: image.file });
  };
  add(business.logo, ["logo"]);
  add(business.heroImage, ["heroImage"]);
  business.images.forEach((image, index) => add(image, ["images", index]));
  business.menu.items.forEach((item, index) => add(item.image, ["menu", "items", index, "image"]));
  business.team.forEach((member, index) => add(member.image, ["team", index, "image"]));
  business.blogPosts.forEach((post, index) => {
    if (post.heroImage) uses.push({ path: ["blogPosts", index, "heroImage"], file: post.heroImage.file });
  });
  business.pages.forEach((page, pageIndex) =>
    page.components.forEach((component, componentIndex) =>
      component.files.forEach((file, fileIndex) =>
        uses.push({ path: ["pages", pageIndex, "components", componentIndex, "files", fileIndex, "file"], file: file.file }),
      ),
    ),
  );
  return uses;
}

/**
 * One problem per image reference whose file is missing, relative to the data file's directory. `stored`:
 * paths kept elsewhere that a build writes into that directory first (the photos uploaded in the workspace).
 */
export function checkImageFiles(business: Business, dir: string, file: string, stored: ReadonlySet<string> = new Set()): string[] {
  return imageReferences(business).flatMap((use) => {
    if (stored.has(use.file)) return [];
    const target = path.resolve(dir, use.file);
    let isFile = false;
    try {
      isFile = fs.statSync(target).isFile();
    } catch {
      isFile = false;
    }
    if (isFile) return [];
    const shown = path.join(path.dirname(file), use.file);
    return [`${file}: ${formatPath(use.path)}: expected an image file next to the data file (looked for ${shown}), got ${JSON.stringify(use.file)}`];
  });
}

function readProblem(file: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reason =
    code === "ENOENT" ? "no such file" : code === "EISDIR" ? "a directory" : code === "EACCES" ? "a file that cannot be read (permission denied)" : String((error as Error)?.message ?? error);
  return `${file}: expected a readable business data file (JSON), got ${reason}`;
}

/**
 * Reads and validates `file` (a path as the operator gave it; problems quote it exactly so the
 * lines match what they typed). Image paths resolve against the directory of the file.
 */
export function loadBusinessFile(file: string): LoadResult {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    return { ok: false, problems: [readProblem(file, error)] };
  }
  const parsed = parseJsonText(text, file);
  if (!parsed.ok) return parsed;
  const validated = validateBusiness(parsed.value, file);
  if (!validated.ok) return validated;
  const absolute = path.resolve(file);
  const dir = path.dirname(absolute);
  const missing = checkImageFiles(validated.business, dir, file);
  if (missing.length > 0) return { ok: false, problems: missing };
  return { ok: true, business: validated.business, file: absolute, dir };
}
