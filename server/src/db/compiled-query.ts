import type { Knex } from 'knex';
import { dialectOf, type DialectName, type Queryable } from './dialect';

/**
 * Building SQL through Knex's query builder cost a measurable share of an authenticated read, although the hot
 * reads always have the same shape and only their values change. A compiled query is built once per dialect with
 * placeholder values, and then runs its SQL with the call's values in their places: same SQL, same bindings, same
 * rows, without the builder.
 */
export type CompiledQuery<Row> = (db: Queryable, ...values: Knex.Value[]) => Promise<Row[]>;

interface Template {
  sql: string;
  valueCount: number;
  /** For each binding: the index of the call's value it takes, or the constant the builder bound. */
  bindings: Array<{ value: number } | { constant: Knex.Value }>;
}

/** A text no caller passes: the placeholder of value `index`, found again among the compiled bindings. */
const placeholderOf = (index: number) => `\u0000compiled-query-value-${index}\u0000`;

function compile(db: Queryable, build: (db: Queryable, ...values: string[]) => Knex.QueryBuilder, count: number) {
  const placeholders = Array.from({ length: count }, (_, index) => placeholderOf(index));
  const { sql, bindings } = build(db, ...placeholders).toSQL();
  if (placeholders.some((placeholder) => sql.includes(placeholder))) {
    throw new Error('A compiled query must bind its values, not write them into its SQL');
  }
  const template: Template = {
    sql,
    valueCount: count,
    bindings: bindings.map((binding) => {
      const value = typeof binding === 'string' ? placeholders.indexOf(binding) : -1;
      return value >= 0 ? { value } : { constant: binding };
    }),
  };
  const used = new Set(template.bindings.flatMap((binding) => ('value' in binding ? [binding.value] : [])));
  if (used.size !== count) throw new Error(`A compiled query must bind each of its ${count} values`);
  return template;
}

/** PostgreSQL's raw result carries its rows; SQLite's raw result is the rows. */
function rowsOf<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
}

/**
 * Compiles `build` on first use in each dialect. `build` receives a placeholder for each value, and must pass each
 * to the builder as a bound value (a where, a join value…): never as a column name or into raw SQL text.
 */
export function compiledQuery<Row>(
  build: (db: Queryable, ...values: string[]) => Knex.QueryBuilder,
): CompiledQuery<Row> {
  const templates = new Map<DialectName, Template>();
  return async (db, ...values) => {
    const dialect = dialectOf(db);
    let template = templates.get(dialect.name);
    if (!template) {
      template = compile(db, build, values.length);
      templates.set(dialect.name, template);
    }
    if (values.length !== template.valueCount) {
      throw new Error(`This compiled query takes ${template.valueCount} values, not ${values.length}`);
    }
    const bindings = template.bindings.map((binding) =>
      'value' in binding ? (values[binding.value] as Knex.Value) : binding.constant,
    );
    return dialect.readAtOnce<Row>(db, template.sql, bindings) ?? rowsOf<Row>(await db.raw(template.sql, bindings));
  };
}
