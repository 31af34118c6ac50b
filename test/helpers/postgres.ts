// The PostgreSQL that tests use (.ci/run installs and starts Debian's and creates this role and
// database). Each test gets its own schema, dropped afterwards.
import pg from "pg";
import { randomBytes } from "node:crypto";

export const PG_URL = process.env.FOOLSGOLD_TEST_PG_URL ?? "postgres://foolsgold:foolsgold@127.0.0.1:5432/foolsgold_test";

async function reachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return undefined;
  } catch (err) {
    return `no PostgreSQL at ${PG_URL.replace(/:[^:@/]*@/, ":***@")} (${(err as Error).message}); .ci/run starts one`;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Undefined when PostgreSQL is reachable, else why the tests skip. */
export const pgSkipReason = await reachable();

/** A fresh schema's journal URL, and a function that drops the schema. */
export function freshSchema(): { url: string; drop(): Promise<void> } {
  const schema = `fg_test_${randomBytes(6).toString("hex")}`;
  const url = `${PG_URL}${PG_URL.includes("?") ? "&" : "?"}schema=${schema}`;
  return {
    url,
    async drop() {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}
