import { tokens } from "@fluentui/react-components";

/**
 * The pane's secondary text (a hint, a note, a summary under a control): small and muted, and the system's own
 * text colour in Windows' high-contrast mode, where a muted grey could vanish. Spread it into a component's style.
 */
export const NOTE_TEXT = {
  margin: 0,
  fontSize: tokens.fontSizeBase200,
  color: tokens.colorNeutralForeground2,
  "@media (forced-colors: active)": { color: "CanvasText" },
} as const;
