/** Performance mark set when the interactive taskpane first commits; the e2e test reads it. */
export const FIRST_RENDER_MARK = "index-data:first-render";
