import { makeStyles, tokens } from "@fluentui/react-components";
import { NOTE_TEXT } from "../note-text";

export const useInsertActionsStyles = makeStyles({
  buttons: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fit, minmax(9rem, 1fr))",
    gap: tokens.spacingHorizontalS,
  },
  note: NOTE_TEXT,
});
