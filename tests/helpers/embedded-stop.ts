/**
 * Run as its own process by tests/api/disk-full.test.ts (a PGlite that hangs would block the test
 * itself): drives the embedded database on a small disk into a PANIC — the disk full while
 * PostgreSQL needs a new log segment — then reports, as one JSON line, what each later step did.
 * Arguments: DATA_DIR (on the small disk), the small disk's root.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.js';
import { fillDisk, freeDisk } from './small-disk.js';

const [dataDir = '', diskDir = ''] = process.argv.slice(2);
const logged: string[] = [];
const log = {
  info: (m: string) => logged.push(m),
  warn: (m: string) => logged.push(m),
  error: (m: string) => logged.push(m),
};

/** Whether a step worked; if not, the codes (and severity) along its error's cause chain. */
type Outcome = { ok: boolean; codes?: string[]; severity?: string };
async function step(work: () => Promise<unknown>): Promise<Outcome> {
  try {
    await work();
    return { ok: true };
  } catch (error) {
    const codes: string[] = [];
    let severity: string | undefined;
    for (
      let e = error as { code?: unknown; severity?: unknown; cause?: unknown } | undefined;
      e;
      e = e.cause as typeof e
    ) {
      if (typeof e.code === 'string') codes.push(e.code);
      if (typeof e.severity === 'string') severity ??= e.severity;
    }
    return { ok: false, codes, ...(severity ? { severity } : {}) };
  }
}

let database = await openDatabase({ dataDir, log });
const { db } = database;
await db.execute(sql`CREATE TABLE disk_full_rows (id int PRIMARY KEY, note text)`);
await db.execute(sql`INSERT INTO disk_full_rows SELECT g, 'before' FROM generate_series(1, 10) g`);

fillDisk(diskDir);
// The next record goes to a new 16 MiB log segment, which a full disk cannot hold.
await db.execute(sql`SELECT pg_switch_wal()`);
const panicked = await step(() => db.execute(sql`INSERT INTO disk_full_rows VALUES (11, 'while full')`));
// Before the fix, the next statement never returned: PGlite spun inside the WebAssembly.
const readWhileFull = await step(() => db.execute(sql`SELECT count(*) FROM disk_full_rows`));
const pingWhileFull = await step(() => database.ping());
const transactionWhileFull = await step(() =>
  db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO disk_full_rows VALUES (12, 'while full')`);
  }),
);

freeDisk(diskDir);
let recovered = false;
for (const deadline = Date.now() + 30_000; !recovered && Date.now() < deadline; ) {
  recovered = (await step(() => database.ping())).ok;
  if (!recovered) await new Promise((resolve) => setTimeout(resolve, 250));
}
const writeAfter = await step(() => db.execute(sql`INSERT INTO disk_full_rows VALUES (13, 'after')`));
await database.close();

// From the files alone, as the next start would see them.
database = await openDatabase({ dataDir, log });
const rows = (await database.db.execute(sql`SELECT id FROM disk_full_rows ORDER BY id`)) as unknown as {
  rows: { id: number }[];
};
await database.close();

console.log(
  JSON.stringify({
    panicked,
    readWhileFull,
    pingWhileFull,
    transactionWhileFull,
    recovered,
    writeAfter,
    ids: rows.rows.map((row) => row.id),
    logged,
  }),
);
