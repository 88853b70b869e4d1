export interface FilePickerProps {
  /** The button's text, e.g. "Import list…". */
  readonly label: string;
  /** The file input's accessible name (the input itself stays hidden; the button opens it). */
  readonly inputLabel: string;
  /** @default false */
  readonly disabled?: boolean;
  /** The file the person picked; the input is emptied, so the same file can be picked again. */
  readonly onFile: (file: File) => void;
}
