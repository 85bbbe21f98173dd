import type { Knex } from 'knex';
import { loadConfig } from './server/src/config';
import { knexConfig } from './server/src/db/database';
import { migrationSource } from './server/src/db/migrations';

/** For the Knex CLI (`npx knex --knexfile knexfile.ts migrate:status`): the same database and history as the server. */
const config: Knex.Config = { ...knexConfig(loadConfig()), migrations: { migrationSource } };

export default config;
