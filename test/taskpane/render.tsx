import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** Server-renders a component inside Fluent's provider: roles, text and escaping are checked on the HTML. */
export function renderHtml(element: ReactElement): string {
  return renderToStaticMarkup(<FluentProvider theme={webLightTheme}>{element}</FluentProvider>);
}
