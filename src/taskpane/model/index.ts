/** The task pane's model: what the pane shows, computed without React or Office (the bench drives it directly). */
export { isOpenable, NO_FILTERS, rowState, type CatalogueFilters } from "./catalogue";
export { filterCatalogue, indexCatalogue, searchCatalogue } from "./catalogue-search";
export { catalogueWindow } from "./catalogue-window";
export { CATALOGUE_UNIT, formatTimestamp, formatValueWithUnit } from "./format";
