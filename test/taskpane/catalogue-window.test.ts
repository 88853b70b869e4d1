import {
  CATALOGUE_OVERSCAN,
  CATALOGUE_ROW_GAP,
  CATALOGUE_ROW_HEIGHT,
  CATALOGUE_ROW_PITCH,
  catalogueWindow,
  rowForKey,
  scrollToReveal,
} from "../../src/taskpane/model/catalogue-window";

/** The taskpane's list viewport in these tests: five rows and a part of the sixth. */
const VIEWPORT = 480;
/** The window of a catalogue of `count` rows scrolled to `scrollTop`, in that viewport. */
const windowAt = (scrollTop: number, count = 50_000) => catalogueWindow({ count, scrollTop, viewportHeight: VIEWPORT });

describe("the catalogue list's window", () => {
  it("renders the rows in view plus the overscan, not the whole catalogue", () => {
    const view = windowAt(0);
    expect(view.start).toBe(0);
    // 480 px shows rows 0..4 (5 * 100 px); one more is partly visible, then the overscan.
    expect(view.end).toBe(Math.ceil(VIEWPORT / CATALOGUE_ROW_PITCH) + 1 + CATALOGUE_OVERSCAN);
    expect(view.offsetTop).toBe(0);
    expect(view.totalHeight).toBe(50_000 * CATALOGUE_ROW_PITCH - CATALOGUE_ROW_GAP);
  });

  it("follows the scroll position, with the overscan above and below", () => {
    const scrollTop = 30_000 * CATALOGUE_ROW_PITCH + 10;
    const view = windowAt(scrollTop);
    expect(view.start).toBe(30_000 - CATALOGUE_OVERSCAN);
    expect(view.offsetTop).toBe(view.start * CATALOGUE_ROW_PITCH);
    expect(view.end - view.start).toBeLessThan(30);
  });

  it("never runs past either end", () => {
    expect(catalogueWindow({ count: 3, scrollTop: 0, viewportHeight: 800 })).toEqual({
      start: 0,
      end: 3,
      offsetTop: 0,
      totalHeight: 3 * CATALOGUE_ROW_PITCH - CATALOGUE_ROW_GAP,
    });
    const pastEnd = windowAt(1e9, 100);
    expect([pastEnd.start, pastEnd.end]).toEqual([100, 100]);
    expect(windowAt(0, 0)).toEqual({
      start: 0,
      end: 0,
      offsetTop: 0,
      totalHeight: 0,
    });
  });

  it("scrolls as little as needed to reveal a row", () => {
    const height = VIEWPORT;
    expect(scrollToReveal(2, 0, height)).toBe(0); // already in view
    expect(scrollToReveal(10, 0, height)).toBe(10 * CATALOGUE_ROW_PITCH + CATALOGUE_ROW_HEIGHT - height);
    expect(scrollToReveal(3, 20 * CATALOGUE_ROW_PITCH, height)).toBe(3 * CATALOGUE_ROW_PITCH);
  });

  it("maps the navigation keys to rows, clamped to the list", () => {
    const page = Math.floor(VIEWPORT / CATALOGUE_ROW_PITCH) - 1;
    expect(rowForKey("ArrowDown", 4, 10, VIEWPORT)).toBe(5);
    expect(rowForKey("ArrowDown", 9, 10, VIEWPORT)).toBe(9);
    expect(rowForKey("ArrowUp", 0, 10, VIEWPORT)).toBe(0);
    expect(rowForKey("PageDown", 0, 50_000, VIEWPORT)).toBe(page);
    expect(rowForKey("PageUp", 2, 50_000, VIEWPORT)).toBe(0);
    expect(rowForKey("Home", 40_000, 50_000, VIEWPORT)).toBe(0);
    expect(rowForKey("End", 0, 50_000, VIEWPORT)).toBe(49_999);
    expect(rowForKey("Enter", 3, 10, VIEWPORT)).toBeUndefined();
    expect(rowForKey("ArrowDown", 0, 0, VIEWPORT)).toBeUndefined();
  });
});
