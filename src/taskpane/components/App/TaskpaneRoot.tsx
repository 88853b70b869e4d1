import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { useEffect } from "react";
import { FIRST_RENDER_MARK } from "../../model/marks";
import { App } from "./App";
import type { AppProps } from "./App.types";

/** The App inside Fluent's theme provider: what the entry renders and what tests render. */
export function TaskpaneRoot(props: AppProps) {
  // Marks when the interactive taskpane first committed, for the first-content measurement.
  useEffect(() => void performance.mark(FIRST_RENDER_MARK), []);
  return (
    <FluentProvider theme={webLightTheme}>
      <App {...props} />
    </FluentProvider>
  );
}
