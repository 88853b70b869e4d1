/** What a pane action ended with, in words, and how it went. */
export interface ActionOutcome {
  readonly intent: "success" | "warning" | "error";
  readonly text: string;
}

export interface ActionResultProps {
  /** The last action's outcome; nothing is shown while undefined. @default undefined */
  readonly outcome: ActionOutcome | undefined;
}
