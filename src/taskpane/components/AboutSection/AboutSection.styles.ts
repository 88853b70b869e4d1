import { makeStyles, tokens } from "@fluentui/react-components";
import { NOTE_TEXT } from "../note-text";

export const useAboutSectionStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  subtitle: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  text: NOTE_TEXT,
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL, display: "flex", flexDirection: "column" },
  item: { ...NOTE_TEXT, overflowWrap: "anywhere" },
});
