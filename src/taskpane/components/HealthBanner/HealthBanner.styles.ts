import { makeStyles, tokens } from "@fluentui/react-components";
import { NOTE_TEXT } from "../note-text";

export const useHealthBannerStyles = makeStyles({
  note: NOTE_TEXT,
  reasons: { margin: `${tokens.spacingVerticalXS} 0 0`, paddingInlineStart: tokens.spacingHorizontalL },
  code: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase100,
    color: tokens.colorNeutralForeground2,
    overflowWrap: "anywhere",
    "@media (forced-colors: active)": { color: "CanvasText" },
  },
});
