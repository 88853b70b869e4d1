import { Badge } from "@fluentui/react-components";
import { rowState } from "../../model/catalogue";
import { CATALOGUE_UNIT, formatTimestamp, formatValueWithUnit } from "../../model/format";
import { useCatalogueStyles } from "./Catalogue.styles";
import type { CatalogueRowProps } from "./Catalogue.types";

/** One index as a button: symbol, state badges, description, latest value with unit, as-of. */
export function CatalogueRow({ row, onOpen }: CatalogueRowProps) {
  const styles = useCatalogueStyles();
  const state = rowState(row);
  return (
    <li>
      <button type="button" className={styles.row} onClick={() => onOpen(row.symbol)} data-symbol={row.symbol}>
        <span className={styles.rowTop}>
          <span className={styles.symbol}>{row.symbol}</span>
          {!row.isActive && (
            <Badge appearance="tint" color="informative">
              Inactive
            </Badge>
          )}
          {state === "no-data" && (
            <Badge appearance="outline" color="warning">
              No data
            </Badge>
          )}
        </span>
        <span className={styles.description}>{row.description}</span>
        <span className={styles.figures}>
          {state === "no-data" ? (
            <span className={styles.muted}>No value published yet</span>
          ) : (
            <>
              <span className={styles.value}>{formatValueWithUnit(row.latestValue, CATALOGUE_UNIT)}</span>
              <span>as of {formatTimestamp(row.latestAsOf)}</span>
            </>
          )}
        </span>
      </button>
    </li>
  );
}
