import { notAvailable } from "../cell-error";
import { dateCell, type ExcelCapabilities, type ExcelScalar, scalarOf } from "../cells";

/** How to read one field of a record for a cell. `timestamp` fields become dates. */
interface FieldSpec<R> {
  readonly read: (record: R) => unknown;
  readonly timestamp?: boolean;
}

export type FieldTable<R, F extends string> = Readonly<Record<F, FieldSpec<R>>>;

/**
 * The cell for one field. A field the service did not send (`undefined`) is `#N/A`, never 0; a field sent
 * as null (e.g. `carriedForwardFrom` of a fresh value) is an empty cell.
 */
export function fieldCell<R, F extends string>(
  table: FieldTable<R, F>,
  field: F,
  record: R,
  caps: ExcelCapabilities,
): ExcelScalar {
  const spec = table[field];
  const value = spec.read(record);
  if (value === undefined) return notAvailable(`'${field}' is not published by this service`);
  if (spec.timestamp && typeof value === "string") return dateCell(value, caps);
  return scalarOf(value);
}

/** The whole record as field/value rows, in the table's order; fields the service did not send are left out. */
export function fieldRows<R, F extends string>(
  table: FieldTable<R, F>,
  record: R,
  caps: ExcelCapabilities,
): ExcelScalar[][] {
  return (Object.keys(table) as F[])
    .filter((field) => table[field].read(record) !== undefined)
    .map((field) => [field, fieldCell(table, field, record, caps)]);
}

/**
 * A table of fields read straight off the record under their own names, in the order given; those in `timestamps`
 * become dates. `ownFields<CapacityMetrics>()(["symbol", "recordedAt"], ["recordedAt"])`.
 */
export function ownFields<R>() {
  return <K extends keyof R & string>(keys: readonly K[], timestamps: readonly K[] = []): FieldTable<R, K> =>
    Object.fromEntries(
      keys.map((key) => [key, { read: (record: R) => record[key], timestamp: timestamps.includes(key) }]),
    ) as FieldTable<R, K>;
}

export function fieldNames<F extends string>(table: Readonly<Record<F, unknown>>): F[] {
  return Object.keys(table) as F[];
}
