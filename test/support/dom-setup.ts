/**
 * What Fluent UI v9 asks of a browser that jsdom lacks. jsdom lays nothing out, so no element ever changes size:
 * a ResizeObserver that never reports is the faithful one (Fluent's MessageBar watches its width for its layout).
 */
class StillResizeObserver implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

if (typeof window.ResizeObserver === "undefined") window.ResizeObserver = StillResizeObserver;
