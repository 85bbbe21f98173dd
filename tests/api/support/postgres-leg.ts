import pg from 'pg';

/**
 * Vitest global set-up: the API suites run on PostgreSQL too only when PARLEY_TEST_POSTGRES_URL is set. Without it
 * a local run says loudly that the PostgreSQL leg was skipped; CI (CI or PARLEY_REQUIRE_POSTGRES set) fails instead.
 */
export default async function checkPostgresLeg(): Promise<void> {
  const url = process.env.PARLEY_TEST_POSTGRES_URL;
  const required = Boolean(process.env.CI || process.env.PARLEY_REQUIRE_POSTGRES);
  if (!url) {
    if (required) {
      throw new Error('PARLEY_TEST_POSTGRES_URL is not set: the PostgreSQL leg of the API suites would be skipped.');
    }
    const bar = '!'.repeat(78);
    process.stderr.write(
      `\n${bar}\n  PostgreSQL leg SKIPPED: PARLEY_TEST_POSTGRES_URL is not set, so the API suites run on SQLite only.\n` +
        `  Run \`bash .ci/run\`, or set PARLEY_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres.\n${bar}\n\n`,
    );
    return;
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(`PostgreSQL at PARLEY_TEST_POSTGRES_URL cannot be reached: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    await client.end().catch(() => undefined);
  }
}
