import { makeStyles, tokens } from "@fluentui/react-components";
import { NOTE_TEXT } from "../note-text";

export const useSharePanelStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  group: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  text: NOTE_TEXT,
  buttons: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
  table: { borderCollapse: "collapse", fontSize: tokens.fontSizeBase200 },
  caption: { textAlign: "start", fontWeight: tokens.fontWeightSemibold, paddingBottom: tokens.spacingVerticalXXS },
  cell: {
    textAlign: "start",
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});
