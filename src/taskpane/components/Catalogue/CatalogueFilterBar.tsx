import { Field, SearchBox, Select } from "@fluentui/react-components";
import type { CatalogueFilters } from "../../model/catalogue";
import { useCatalogueStyles } from "./Catalogue.styles";
import type { CatalogueFilterBarProps } from "./Catalogue.types";

function FacetSelect(props: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
}) {
  return (
    <Field label={props.label}>
      <Select value={props.value} onChange={(_event, data) => props.onChange(data.value)}>
        <option value="">All</option>
        {props.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** Search box plus hub, grade, lead-time and active filters; facet values come from the loaded rows. */
export function CatalogueFilterBar({ facets, filters, onFiltersChange }: CatalogueFilterBarProps) {
  const styles = useCatalogueStyles();
  const set = (patch: Partial<CatalogueFilters>) => onFiltersChange({ ...filters, ...patch });
  return (
    <div role="search" aria-label="Find indexes">
      <Field label="Search">
        <SearchBox
          value={filters.query}
          placeholder="Symbol, hub, grade, lead time or description"
          onChange={(_event, data) => set({ query: data.value })}
        />
      </Field>
      <div className={styles.filters}>
        <FacetSelect label="Hub" value={filters.hub} options={facets.hubs} onChange={(hub) => set({ hub })} />
        <FacetSelect label="Grade" value={filters.grade} options={facets.grades} onChange={(grade) => set({ grade })} />
        <FacetSelect
          label="Lead time"
          value={filters.leadTime}
          options={facets.leadTimes}
          onChange={(leadTime) => set({ leadTime })}
        />
        <Field label="Status">
          <Select
            value={filters.activity}
            onChange={(_event, data) =>
              set({ activity: data.value === "active" || data.value === "inactive" ? data.value : "any" })
            }
          >
            <option value="any">All</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </Select>
        </Field>
      </div>
    </div>
  );
}
