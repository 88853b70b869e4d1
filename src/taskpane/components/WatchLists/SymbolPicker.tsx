import { Checkbox, Field, SearchBox } from "@fluentui/react-components";
import { useId, useMemo } from "react";
import { indexCatalogue, NO_FILTERS, searchCatalogue } from "../../model";
import { MATCHES_SHOWN } from "./list-editor";
import { useWatchListsStyles } from "./WatchLists.styles";
import type { SymbolPickerProps } from "./WatchLists.types";

/**
 * Search the catalogue and tick indexes into the list (several at once): every word of the search must match, as in
 * the Indexes tab; the first matches show, each a checkbox naming its symbol and description.
 */
export function SymbolPicker({ indexes, query, picked, dispatch }: SymbolPickerProps) {
  const styles = useWatchListsStyles();
  const countId = useId();
  const rows = indexes.state === "ready" ? indexes.value.data : undefined;
  const search = useMemo(() => (rows === undefined ? undefined : indexCatalogue(rows)), [rows]);
  const matches = search === undefined ? [] : searchCatalogue(search, { ...NO_FILTERS, query });
  const shown = matches.slice(0, MATCHES_SHOWN);
  const count =
    indexes.state === "loading"
      ? "Loading the indexes…"
      : indexes.state === "failed"
        ? "The indexes could not be loaded; see the banner above."
        : matches.length > shown.length
          ? `${matches.length} indexes match; the first ${shown.length} are shown. Type more to narrow them.`
          : `${matches.length} ${matches.length === 1 ? "index matches" : "indexes match"}.`;
  return (
    <div role="search" aria-label="Find indexes for the list">
      <Field label="Find indexes">
        <SearchBox
          value={query}
          aria-describedby={countId}
          placeholder="Symbol, hub, grade or description"
          onChange={(_event, data) => dispatch({ type: "query", query: data.value })}
        />
      </Field>
      <p id={countId} className={styles.text} aria-live="polite">
        {count}
      </p>
      {shown.length > 0 && (
        <ul className={styles.matches} aria-label="Matching indexes">
          {shown.map((row) => (
            <li key={row.symbol}>
              <Checkbox
                checked={picked.includes(row.symbol)}
                label={`${row.symbol}: ${row.description}`}
                onChange={() => dispatch({ type: "toggle", symbol: row.symbol })}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
