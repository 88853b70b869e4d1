import { makeStyles, tokens } from "@fluentui/react-components";
import { NOTE_TEXT } from "../note-text";

export const usePricingSheetStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, minWidth: 0 },
  text: NOTE_TEXT,
  buttons: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
});
