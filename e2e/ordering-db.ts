/**
 * Reads the placed orders straight from a PGlite data directory, for e2e/ordering.e2e.ts. PGlite is
 * one process's database, so the spec stops its own API service first and runs this with
 * `node --import tsx e2e/ordering-db.ts <dataDir> [<placed since, ISO>]`; it prints one JSON line and exits.
 */
import { openDb } from "@mainstreet/server/db/db";

async function main(): Promise<void> {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error("usage: node --import tsx e2e/ordering-db.ts <PGlite data directory> [<placed since, ISO>]");
  const since = process.argv[3] ?? null;
  const db = await openDb({ dataDir });
  try {
    const orders = await db.query<{ status: string; n: number }>(
      "SELECT status, count(*)::int AS n FROM orders WHERE $1::timestamptz IS NULL OR created_at >= $1 GROUP BY status ORDER BY status",
      [since],
    );
    const placed = await db.query(
      `SELECT o.id, o.fulfillment_method, o.scheduled_for, o.promised_at, c.subtotal_cents, c.tax_cents, c.tip_cents, c.delivery_fee_cents, c.total_cents,
              (SELECT count(*)::int FROM payments p WHERE p.order_id = o.id AND p.status = 'captured') AS captured_payments,
              (SELECT count(*)::int FROM line_items l WHERE l.order_id = o.id) AS lines
         FROM orders o JOIN checkouts c ON c.order_id = o.id
        WHERE o.status = 'placed' AND ($1::timestamptz IS NULL OR o.placed_at >= $1) ORDER BY o.placed_at`,
      [since],
    );
    process.stdout.write(`${JSON.stringify({ byStatus: Object.fromEntries(orders.rows.map((row) => [row.status, row.n])), placed: placed.rows })}\n`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
