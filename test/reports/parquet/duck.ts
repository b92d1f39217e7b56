/** DuckDB, the independent reader the Parquet tests compare hexa's files with. */
import { DuckDBInstance } from '@duckdb/node-api';

export type Value = string | number | bigint | boolean | null;

export async function query(sql: string): Promise<{ names: string[]; types: string[]; rows: Value[][] }> {
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  const r = await c.runAndReadAll(sql);
  const out = {
    names: r.columnNames(),
    types: r.columnTypes().map((t) => t.toString()),
    rows: r.getRows() as Value[][],
  };
  c.closeSync();
  return out;
}

/** Each value read back equals the CSV's text: '' for null ('auto' in a column that holds it), as JS prints numbers. */
export function expectEqualToCsv(csv: readonly (readonly string[])[], rows: readonly (readonly Value[])[]): string[] {
  const header = csv[0]!;
  const problems: string[] = [];
  if (rows.length !== csv.length - 1) problems.push(`${rows.length} rows, the CSV has ${csv.length - 1}`);
  const auto = new Set(header.filter((_, j) => csv.slice(1).some((row) => row[j] === 'auto')));
  rows.forEach((row, i) =>
    row.forEach((v, j) => {
      const want = csv[i + 1]![j]!;
      const got = v === null ? (auto.has(header[j]!) ? 'auto' : '') : String(v);
      if (got !== want) problems.push(`${header[j]} row ${i + 1}: ${got}, the CSV has ${want}`);
    }),
  );
  return problems;
}
