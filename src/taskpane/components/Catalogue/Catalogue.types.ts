import type { IndexSummary } from "../../../client/resources/indexes";
import type { Served } from "../../../client/source";
import type { Loadable } from "../../hooks/useLoad";
import type { CatalogueFilters } from "../../model/catalogue";

export interface CatalogueProps {
  /** The index list as loaded from the service. */
  readonly indexes: Loadable<Served<readonly IndexSummary[]>>;
  /** Current search text and filters; kept by the parent so they survive opening a detail. */
  readonly filters: CatalogueFilters;
  readonly onFiltersChange: (filters: CatalogueFilters) => void;
  /** Opens the detail of one index. */
  readonly onOpen: (symbol: string) => void;
}

export interface CatalogueFilterBarProps {
  readonly rows: readonly IndexSummary[];
  readonly filters: CatalogueFilters;
  readonly onFiltersChange: (filters: CatalogueFilters) => void;
}

export interface CatalogueRowProps {
  readonly row: IndexSummary;
  readonly onOpen: (symbol: string) => void;
}
