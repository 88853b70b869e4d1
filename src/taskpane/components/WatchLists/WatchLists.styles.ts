import { makeStyles, tokens } from "@fluentui/react-components";
import { NOTE_TEXT } from "../note-text";

export const useWatchListsStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, minWidth: 0 },
  text: NOTE_TEXT,
  matches: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    maxHeight: "220px",
    overflowY: "auto",
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    "@media (forced-colors: active)": { border: "1px solid CanvasText" },
  },
  order: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXXL, display: "flex", flexDirection: "column" },
  orderRow: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalXS, minWidth: 0 },
  symbol: { flexGrow: 1, minWidth: 0, overflowWrap: "anywhere" },
  orderButton: { minWidth: "auto", paddingInline: tokens.spacingHorizontalXS },
  buttons: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
});
