import { MessageBar, MessageBarBody, Spinner } from "@fluentui/react-components";
import { filterCatalogue } from "../../model/catalogue";
import { describeError } from "../../model/errors";
import { useCatalogueStyles } from "./Catalogue.styles";
import type { CatalogueProps } from "./Catalogue.types";
import { CatalogueFilterBar } from "./CatalogueFilterBar";
import { CatalogueRow } from "./CatalogueRow";

/** The index catalogue: search, filters and one row per matching index. */
export function Catalogue({ indexes, filters, onFiltersChange, onOpen }: CatalogueProps) {
  const styles = useCatalogueStyles();
  if (indexes.state === "loading") return <Spinner size="small" label="Loading indexes…" />;
  if (indexes.state === "failed") {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{describeError(indexes.error)}</MessageBarBody>
      </MessageBar>
    );
  }
  const rows = indexes.value.data;
  const shown = filterCatalogue(rows, filters);
  return (
    <div className={styles.root}>
      <CatalogueFilterBar rows={rows} filters={filters} onFiltersChange={onFiltersChange} />
      <p className={styles.count} role="status" aria-live="polite">
        Showing {shown.length} of {rows.length} indexes
        {indexes.value.stale ? " (last-known values; the service did not answer)" : ""}
      </p>
      <ul className={styles.list} aria-label="Indexes">
        {shown.map((row) => (
          <CatalogueRow key={row.symbol} row={row} onOpen={onOpen} />
        ))}
      </ul>
    </div>
  );
}
