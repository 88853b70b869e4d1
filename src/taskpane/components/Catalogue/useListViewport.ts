import { useEffect, useState, type RefObject } from "react";

/** Before the first measurement (and when rendered on a server) the list assumes a tall view. */
const ASSUMED_VIEWPORT_HEIGHT = 800;

/** The scroll position and height of a scrolling element, kept current as it scrolls and resizes. */
export function useListViewport(scroller: RefObject<HTMLElement | null>) {
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(ASSUMED_VIEWPORT_HEIGHT);
  useEffect(() => {
    const element = scroller.current;
    if (element === null) return undefined;
    const measure = () => {
      setScrollTop(element.scrollTop);
      // An empty list measures 0; it grows (and is measured again) when rows arrive.
      if (element.clientHeight > 0) setViewportHeight(element.clientHeight);
    };
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    const resize = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(measure);
    resize?.observe(element);
    return () => {
      element.removeEventListener("scroll", measure);
      resize?.disconnect();
    };
  }, [scroller]);
  /** Scrolls to `top` now, and renders for it at once rather than on the next scroll event. */
  const scrollTo = (top: number) => {
    if (scroller.current !== null) scroller.current.scrollTop = top;
    setScrollTop(top);
  };
  return { scrollTop, viewportHeight, scrollTo };
}
