/** One labelled figure; `value: undefined` means the service did not send it. */
export interface FieldRow {
  readonly label: string;
  /** Already formatted text; `undefined` renders as absent, never as 0. */
  readonly value: string | undefined;
}

export interface FieldListProps {
  /** Rows in display order. */
  readonly rows: readonly FieldRow[];
  /** Accessible name of the list, e.g. "Latest fix". @default undefined (unnamed) */
  readonly label?: string;
}
