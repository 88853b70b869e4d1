/**
 * When the taskpane UI is needed. The shared runtime page also runs while the pane is closed (functions and
 * ribbon commands live there), so the UI loads only once the pane is shown: the document is visible, or
 * Office reports the visibility mode "Taskpane". In a plain browser the page is visible, so it loads at once.
 */

import type { VisibilityModeSubscribe } from "../office";

/** The parts of `document` this reads; tests hand in a fake. */
interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: "visibilitychange", listener: () => void): void;
  removeEventListener(type: "visibilitychange", listener: () => void): void;
}

/** Calls `show` once, the first time the pane is visible. */
export function showWhenVisible(show: () => void, page: VisibilitySource, subscribe?: VisibilityModeSubscribe): void {
  let shown = false;
  const showOnce = () => {
    if (shown) return;
    shown = true;
    page.removeEventListener("visibilitychange", onVisibilityChange);
    show();
  };
  const onVisibilityChange = () => {
    if (page.visibilityState === "visible") showOnce();
  };
  if (page.visibilityState === "visible") return showOnce();
  page.addEventListener("visibilitychange", onVisibilityChange);
  subscribe?.((mode) => {
    if (mode === "Taskpane") showOnce();
  });
}
