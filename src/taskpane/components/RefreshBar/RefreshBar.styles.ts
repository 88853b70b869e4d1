import { makeStyles, tokens } from "@fluentui/react-components";
import { NOTE_TEXT } from "../note-text";

export const useRefreshBarStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
  line: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalS },
  text: NOTE_TEXT,
  stale: { ...NOTE_TEXT, color: tokens.colorPaletteDarkOrangeForeground1 },
});
