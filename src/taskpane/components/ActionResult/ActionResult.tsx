import { MessageBar, MessageBarBody } from "@fluentui/react-components";
import type { ActionResultProps } from "./ActionResult.types";

/** The outcome of a pane action, in a live region so a screen reader announces it when it appears. */
export function ActionResult({ outcome }: ActionResultProps) {
  return (
    <div aria-live="polite">
      {outcome !== undefined && (
        <MessageBar intent={outcome.intent}>
          <MessageBarBody>{outcome.text}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
