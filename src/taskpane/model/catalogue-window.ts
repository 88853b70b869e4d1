/**
 * Windowing for the catalogue list: a 50,000-row catalogue renders only the rows in view plus a few either
 * side. Rows have one fixed height (the row clamps its text), so a row's position is its index times the pitch.
 */

/** The height of one catalogue row in CSS pixels; the row's styles clamp its text to fit. */
export const CATALOGUE_ROW_HEIGHT = 96;
/** The space between two rows. */
export const CATALOGUE_ROW_GAP = 4;
/** Top of one row to the top of the next. */
export const CATALOGUE_ROW_PITCH = CATALOGUE_ROW_HEIGHT + CATALOGUE_ROW_GAP;
/** Rows rendered beyond each edge of the view, so a fast scroll or an arrow key never shows a gap. */
export const CATALOGUE_OVERSCAN = 6;

/** Which rows to render and where: `start` (inclusive) to `end` (exclusive), pushed down by `offsetTop`. */
interface CatalogueWindow {
  readonly start: number;
  readonly end: number;
  readonly offsetTop: number;
  /** The height of the whole list, so the scrollbar stands for every row. */
  readonly totalHeight: number;
}

interface WindowInput {
  readonly count: number;
  readonly scrollTop: number;
  readonly viewportHeight: number;
  /** @default CATALOGUE_OVERSCAN */
  readonly overscan?: number;
}

export function catalogueWindow({ count, scrollTop, viewportHeight, overscan = CATALOGUE_OVERSCAN }: WindowInput) {
  const first = Math.floor(Math.max(0, scrollTop) / CATALOGUE_ROW_PITCH);
  const visible = Math.ceil(Math.max(0, viewportHeight) / CATALOGUE_ROW_PITCH) + 1;
  const start = Math.min(count, Math.max(0, first - overscan));
  const end = Math.min(count, first + visible + overscan);
  const totalHeight = count === 0 ? 0 : count * CATALOGUE_ROW_PITCH - CATALOGUE_ROW_GAP;
  return { start, end, offsetTop: start * CATALOGUE_ROW_PITCH, totalHeight } satisfies CatalogueWindow;
}

/** The scroll position that brings row `index` fully into view, moving as little as possible. */
export function scrollToReveal(index: number, scrollTop: number, viewportHeight: number): number {
  const top = index * CATALOGUE_ROW_PITCH;
  const bottom = top + CATALOGUE_ROW_HEIGHT;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewportHeight) return Math.max(0, bottom - viewportHeight);
  return scrollTop;
}

/** The row a navigation key moves to from `current`, or undefined for other keys. */
export function rowForKey(key: string, current: number, count: number, viewportHeight: number): number | undefined {
  if (count === 0) return undefined;
  const page = Math.max(1, Math.floor(viewportHeight / CATALOGUE_ROW_PITCH) - 1);
  const clamp = (n: number) => Math.min(count - 1, Math.max(0, n));
  switch (key) {
    case "ArrowDown":
      return clamp(current + 1);
    case "ArrowUp":
      return clamp(current - 1);
    case "PageDown":
      return clamp(current + page);
    case "PageUp":
      return clamp(current - page);
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return undefined;
  }
}
