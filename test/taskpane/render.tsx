import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import type { Browser, Page } from "playwright-core";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** Server-renders a component inside Fluent's provider: roles, text and escaping are checked on the HTML. */
export function renderHtml(element: ReactElement): string {
  return renderToStaticMarkup(<FluentProvider theme={webLightTheme}>{element}</FluentProvider>);
}

/**
 * Loads server-rendered markup into a Chromium page with scripts off, so a test finds elements as a user
 * of assistive technology does: by role and accessible name (`page.getByRole`), never by CSS class.
 */
export async function openMarkup(browser: Browser, element: ReactElement): Promise<Page> {
  const page = await browser.newPage({ javaScriptEnabled: false });
  await page.setContent(renderHtml(element));
  return page;
}
