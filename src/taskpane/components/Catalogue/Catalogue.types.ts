import type { IndexSummary } from "@index-data/wire";
import type { Answered } from "../../../client";
import type { Loadable } from "../../hooks/useLoad";
import type { CatalogueFacets, CatalogueFilters } from "../../model/catalogue";

export interface CatalogueProps {
  /** The index list as loaded from the service. */
  readonly indexes: Loadable<Answered<readonly IndexSummary[]>>;
  /** Current search text and filters; kept by the parent so they survive opening a detail. */
  readonly filters: CatalogueFilters;
  readonly onFiltersChange: (filters: CatalogueFilters) => void;
  /** Opens the detail of one index; never called for a symbol that fails `validSymbol`. */
  readonly onOpen: (symbol: string) => void;
  /** The index whose detail the user just left: its row is scrolled into view and focused. @default undefined */
  readonly returnTo?: string | undefined;
}

export interface CatalogueFilterBarProps {
  readonly facets: CatalogueFacets;
  readonly filters: CatalogueFilters;
  readonly onFiltersChange: (filters: CatalogueFilters) => void;
}

export interface CatalogueListProps {
  /** The rows that pass the filters, in order; only those in view are rendered. */
  readonly rows: readonly IndexSummary[];
  readonly onOpen: (symbol: string) => void;
  /** A symbol whose row is scrolled into view and focused once, on mount. @default undefined */
  readonly returnTo?: string | undefined;
  /** Changes when the filters change; the list then goes back to its first row. */
  readonly scrollKey: string;
}

export interface CatalogueRowProps {
  readonly row: IndexSummary;
  readonly onOpen: (symbol: string) => void;
  /** 1-based position among the filtered rows, and their count, for assistive technology. */
  readonly position: number;
  readonly setSize: number;
  /** Whether Tab stops on this row (the list has one tab stop; arrow keys move between rows). */
  readonly tabStop: boolean;
}
