import { Button } from "@fluentui/react-components";
import { useWatchListsStyles } from "./WatchLists.styles";
import type { ListOrderProps } from "./WatchLists.types";

/**
 * The list's indexes in the order its pricing sheet shows them, each with buttons to move it up or down or take it
 * out, named for the index they act on (a screen reader hears "Move RTM-NWE-A-1x3 up"; the button shows "Up").
 */
export function ListOrder({ symbols, dispatch }: ListOrderProps) {
  const styles = useWatchListsStyles();
  if (symbols.length === 0)
    return <p className={styles.text}>No index yet: tick indexes in the search results to add them.</p>;
  const action = (text: string, label: string, disabled: boolean, run: () => void) => (
    <Button
      className={styles.orderButton}
      appearance="subtle"
      size="small"
      aria-label={label}
      disabled={disabled}
      onClick={run}
    >
      {text}
    </Button>
  );
  return (
    <ol className={styles.order} aria-label="Indexes in the list, in sheet order">
      {symbols.map((symbol, index) => (
        <li key={symbol}>
          <span className={styles.orderRow}>
            <span className={styles.symbol}>{symbol}</span>
            {action("Up", `Move ${symbol} up`, index === 0, () => dispatch({ type: "move", index, by: -1 }))}
            {action("Down", `Move ${symbol} down`, index === symbols.length - 1, () =>
              dispatch({ type: "move", index, by: 1 }),
            )}
            {action("Remove", `Remove ${symbol}`, false, () => dispatch({ type: "remove", index }))}
          </span>
        </li>
      ))}
    </ol>
  );
}
