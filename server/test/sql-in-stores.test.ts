import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, it } from "node:test";

/**
 * Every SQL statement of the service lives in an area's `*.store.ts` (or in `db/`, which runs the
 * migrations and owns the connection): services hold decisions only. This reads the sources and names
 * any other file that calls `.query(` or writes a statement in a string.
 */
const SRC = join(import.meta.dirname, "..", "src");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** The code without its comments, so prose that names SQL ("SELECT … FOR UPDATE") does not count. */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

/** `.query(` on anything, `.exec(` on a database handle (a RegExp has an exec too). */
const QUERY_CALL = /\.query\s*(<[^>]*>)?\s*\(|\b(db|tx|q|client)\.exec\s*\(/;
/** A string or template literal that starts like a statement. */
const STATEMENT = /["'`]\s*(SELECT\s|INSERT\s+INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s|WITH\s+\w+\s+AS\s*\()/;

function sqlOutsideStores(files: readonly { path: string; code: string }[]): string[] {
  return files
    .filter(({ path }) => !path.endsWith(".store.ts") && !path.split(/[\\/]/).includes("db"))
    .filter(({ code }) => {
      const plain = withoutComments(code);
      return QUERY_CALL.test(plain) || STATEMENT.test(plain);
    })
    .map(({ path }) => path);
}

describe("SQL lives in stores", () => {
  it("no file of server/src outside *.store.ts and db/ holds a statement or calls .query(", () => {
    const files = sources(SRC).map((path) => ({ path: relative(SRC, path), code: readFileSync(path, "utf8") }));
    assert.ok(files.some(({ path }) => path.endsWith(".store.ts")), "expected the stores under server/src");
    assert.deepEqual(sqlOutsideStores(files), []);
  });

  it("would name a service that queries, and leaves stores, db/ and comments alone", () => {
    const found = sqlOutsideStores([
      { path: "orders/orders.service.ts", code: 'await tx.query("UPDATE orders SET status = $2 WHERE id = $1", [id, status]);' },
      { path: "forms/forms.service.ts", code: "const sql = `INSERT INTO form_submissions (id) VALUES ($1)`;" },
      { path: "orders/orders.store.ts", code: 'await q.query("SELECT * FROM orders WHERE id = $1", [id]);' },
      { path: "db/migrate.ts", code: 'await db.exec("SELECT 1");' },
      { path: "checkouts/checkouts.service.ts", code: "/** The order row is locked (SELECT … FOR UPDATE). */\n// DELETE FROM nothing\nconst x = 1;" },
    ]);
    assert.deepEqual(found, ["orders/orders.service.ts", "forms/forms.service.ts"]);
  });
});
