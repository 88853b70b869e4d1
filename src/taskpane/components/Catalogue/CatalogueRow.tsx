import { Badge, mergeClasses } from "@fluentui/react-components";
import { useId } from "react";
import { isOpenable, NOT_OPENABLE_NOTE, rowState } from "../../model/catalogue";
import { CATALOGUE_UNIT, formatTimestamp, formatValueWithUnit } from "../../model/format";
import { useCatalogueStyles } from "./Catalogue.styles";
import type { CatalogueRowProps } from "./Catalogue.types";

function Figures({ row }: Pick<CatalogueRowProps, "row">) {
  const styles = useCatalogueStyles();
  if (rowState(row) === "no-data") return <span className={styles.muted}>No value published yet</span>;
  return (
    <>
      <span className={styles.value}>{formatValueWithUnit(row.latestValue, CATALOGUE_UNIT)}</span>
      <span>as of {formatTimestamp(row.latestAsOf)}</span>
    </>
  );
}

/**
 * One index as a card whose button is the symbol itself (its visible text is its name, as WCAG 2.5.3 asks);
 * the button's click area stretches over the whole card, and state badges, description and latest value
 * describe it. A symbol that fails the symbol rule stays in the list but cannot be opened, and says why.
 */
export function CatalogueRow({ row, onOpen, position, setSize, tabStop }: CatalogueRowProps) {
  const styles = useCatalogueStyles();
  const id = useId();
  const openable = isOpenable(row);
  return (
    <li className={styles.item} aria-posinset={position} aria-setsize={setSize}>
      <div className={mergeClasses(styles.row, !openable && styles.notOpenable)}>
        <span className={styles.rowTop}>
          <button
            type="button"
            className={mergeClasses(styles.open, !openable && styles.notOpenableButton)}
            tabIndex={tabStop ? 0 : -1}
            aria-describedby={openable ? `${id}-state ${id}-text ${id}-figures` : `${id}-state ${id}-text`}
            {...(openable ? { onClick: () => onOpen(row.symbol) } : { "aria-disabled": true })}
          >
            {row.symbol}
          </button>
          <span id={`${id}-state`} className={styles.states}>
            {!openable && (
              <Badge className={styles.badge} appearance="outline" color="danger">
                Invalid symbol
              </Badge>
            )}
            {!row.isActive && (
              <Badge className={styles.badge} appearance="tint" color="informative">
                Inactive
              </Badge>
            )}
            {openable && rowState(row) === "no-data" && (
              <Badge className={styles.badge} appearance="outline" color="warning">
                No data
              </Badge>
            )}
          </span>
        </span>
        {openable ? (
          <>
            <span id={`${id}-text`} className={styles.description}>
              {row.description}
            </span>
            <span id={`${id}-figures`} className={styles.figures}>
              <Figures row={row} />
            </span>
          </>
        ) : (
          <span id={`${id}-text`} className={styles.note}>
            {NOT_OPENABLE_NOTE}
          </span>
        )}
      </div>
    </li>
  );
}
