/**
 * Writes docs/business-data.schema.json and the field reference of docs/business-data.md from the
 * zod business schema (`npm run schema`). A jest test fails when either committed file is stale.
 */
import fs from "node:fs";
import path from "node:path";
import { businessJsonSchemaText, DOCS_PATH, JSON_SCHEMA_PATH, withReference } from "@mainstreet/rules/business/json-schema";

const root = path.resolve(__dirname, "..");

function update(relative: string, next: (before: string) => string): void {
  const target = path.join(root, relative);
  const before = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : "";
  const after = next(before);
  if (after === before) {
    process.stdout.write(`${relative} is up to date\n`);
    return;
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, after);
  process.stdout.write(`wrote ${relative}\n`);
}

update(JSON_SCHEMA_PATH, () => businessJsonSchemaText());
update(DOCS_PATH, (before) => withReference(before));
