import { MessageBar, MessageBarBody, Spinner } from "@fluentui/react-components";
import { useDeferredValue, useMemo } from "react";
import type { IndexSummary } from "@index-data/wire";
import { catalogueFacets, type CatalogueFilters } from "../../model/catalogue";
import { indexCatalogue, searchCatalogue } from "../../model/catalogue-search";
import { describeError } from "../../model/errors";
import { useCatalogueStyles } from "./Catalogue.styles";
import type { CatalogueProps } from "./Catalogue.types";
import { CatalogueFilterBar } from "./CatalogueFilterBar";
import { CatalogueList } from "./CatalogueList";

const NO_ROWS: readonly IndexSummary[] = [];

/**
 * Search keys and facets are built once per loaded catalogue; the filtered rows follow a deferred copy of
 * the filters, so the search box keeps up with typing while a large catalogue is filtered.
 */
function useShownRows(rows: readonly IndexSummary[], filters: CatalogueFilters) {
  const search = useMemo(() => indexCatalogue(rows), [rows]);
  const facets = useMemo(() => catalogueFacets(rows), [rows]);
  const deferred = useDeferredValue(filters);
  const shown = useMemo(() => searchCatalogue(search, deferred), [search, deferred]);
  return { facets, shown, scrollKey: JSON.stringify(deferred) };
}

/** The index catalogue: search, filters and one row per matching index (only those in view are rendered). */
export function Catalogue({ indexes, filters, onFiltersChange, onOpen, returnTo }: CatalogueProps) {
  const styles = useCatalogueStyles();
  const rows = indexes.state === "ready" ? indexes.value.data : NO_ROWS;
  const { facets, shown, scrollKey } = useShownRows(rows, filters);
  if (indexes.state === "loading") return <Spinner size="small" label="Loading indexes…" />;
  if (indexes.state === "failed") {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{describeError(indexes.error)}</MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <div className={styles.root}>
      <CatalogueFilterBar facets={facets} filters={filters} onFiltersChange={onFiltersChange} />
      <p className={styles.count} role="status" aria-live="polite">
        Showing {shown.length} of {rows.length} indexes
        {indexes.value.meta.servedStale ? " (last-known values; the service did not answer)" : ""}
      </p>
      <CatalogueList rows={shown} onOpen={onOpen} scrollKey={scrollKey} returnTo={returnTo} />
    </div>
  );
}
