import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { catalogueWindow, rowForKey, scrollToReveal } from "../../model/catalogue-window";
import { useCatalogueStyles } from "./Catalogue.styles";
import type { CatalogueListProps } from "./Catalogue.types";
import { CatalogueRow } from "./CatalogueRow";
import { useListViewport } from "./useListViewport";

/** The row index of the list item holding `element`, from its aria-posinset. */
function rowIndexOf(element: EventTarget): number | undefined {
  const item = element instanceof Element ? element.closest("li[aria-posinset]") : null;
  const position = Number(item?.getAttribute("aria-posinset"));
  return Number.isInteger(position) && position > 0 ? position - 1 : undefined;
}

/**
 * The filtered indexes as a windowed list: only the rows in view (plus a few) are in the DOM, so 50,000
 * indexes scroll and filter without freezing. The list is one tab stop; arrow keys, Page Up/Down, Home and
 * End move between rows, scrolling the next one into view before focusing it.
 */
export function CatalogueList({ rows, onOpen, returnTo, scrollKey }: CatalogueListProps) {
  const styles = useCatalogueStyles();
  const scroller = useRef<HTMLDivElement>(null);
  const { scrollTop, viewportHeight, scrollTo } = useListViewport(scroller);
  const [active, setActive] = useState(0);
  const [focusTarget, setFocusTarget] = useState<number | undefined>(undefined);
  const count = rows.length;
  const current = Math.min(active, Math.max(0, count - 1));
  const view = catalogueWindow({ count, scrollTop, viewportHeight });

  const moveTo = (index: number, focus: boolean) => {
    setActive(index);
    scrollTo(scrollToReveal(index, scroller.current?.scrollTop ?? scrollTop, viewportHeight));
    if (focus) setFocusTarget(index);
  };
  // Coming back from a detail: bring the row just left into view and give it focus.
  useEffect(() => {
    const index = returnTo === undefined ? -1 : rows.findIndex((row) => row.symbol === returnTo);
    if (index >= 0) moveTo(index, true);
    // Once, on mount: later changes of `returnTo` or `rows` must not take focus from the search box.
  }, []);
  // New filters: the results start at their top.
  const firstKey = useRef(scrollKey);
  useEffect(() => {
    if (scrollKey === firstKey.current) return;
    firstKey.current = scrollKey;
    setActive(0);
    scrollTo(0);
  }, [scrollKey]);
  // Focus moves after the render that brought the target row into the DOM.
  useEffect(() => {
    if (focusTarget === undefined) return;
    const button = scroller.current?.querySelector<HTMLElement>(`li[aria-posinset="${focusTarget + 1}"] button`);
    button?.focus();
    setFocusTarget(undefined);
  }, [focusTarget]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const from = rowIndexOf(event.target) ?? current;
    const target = rowForKey(event.key, from, count, viewportHeight);
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target, true);
  };
  const onFocus = (event: FocusEvent<HTMLUListElement>) => {
    const index = rowIndexOf(event.target);
    if (index !== undefined) setActive(index);
  };
  const tabStop = current >= view.start && current < view.end ? current : view.start;
  return (
    <div ref={scroller} className={styles.scroller}>
      <ul
        className={styles.list}
        aria-label="Indexes"
        style={{ height: view.totalHeight, paddingTop: view.offsetTop }}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        {rows.slice(view.start, view.end).map((row, i) => (
          <CatalogueRow
            key={row.symbol}
            row={row}
            onOpen={onOpen}
            position={view.start + i + 1}
            setSize={count}
            tabStop={view.start + i === tabStop}
          />
        ))}
      </ul>
    </div>
  );
}
