import { makeStyles, tokens } from "@fluentui/react-components";
import { NOTE_TEXT } from "../note-text";

export const useChartStyles = makeStyles({
  root: { width: "100%", minWidth: 0, overflow: "hidden", margin: 0 },
  summary: NOTE_TEXT,
  empty: { margin: 0, color: tokens.colorNeutralForeground3, "@media (forced-colors: active)": { color: "GrayText" } },
});
