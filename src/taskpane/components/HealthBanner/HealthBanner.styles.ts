import { makeStyles, tokens } from "@fluentui/react-components";

export const useHealthBannerStyles = makeStyles({
  note: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2, "@media (forced-colors: active)": { color: "CanvasText" } },
  reasons: { margin: `${tokens.spacingVerticalXS} 0 0`, paddingInlineStart: tokens.spacingHorizontalL },
  code: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase100,
    color: tokens.colorNeutralForeground2,
    overflowWrap: "anywhere",
    "@media (forced-colors: active)": { color: "CanvasText" },
  },
});
