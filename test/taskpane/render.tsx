import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { render, type RenderResult } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import type { ReactElement } from "react";
import type { Answered } from "../../src/client";
import type { Loadable } from "../../src/taskpane/hooks/useLoad";

/**
 * Renders a component inside Fluent's provider in jsdom (the "dom" jest project), with a user who clicks, types
 * and presses keys (user-event). Tests find what they check as assistive technology does: by role and accessible
 * name (`screen.getByRole`), never by CSS class.
 */
export function renderPane(element: ReactElement): RenderResult & { readonly user: UserEvent } {
  const user = userEvent.setup();
  return { user, ...render(<FluentProvider theme={webLightTheme}>{element}</FluentProvider>) };
}

/** A load as the pane holds it once it settled: ready with its value, or failed with the error. */
export async function settled<T>(load: Promise<T>): Promise<Loadable<T>> {
  return load.then(
    (value) => ({ state: "ready", value }) as const,
    (error: unknown) => ({ state: "failed", error }) as const,
  );
}

/** Data as a source serves it fresh. */
export function fresh<T>(data: T): Answered<T> {
  return { data, meta: { producedAt: "", servedStale: false } };
}
