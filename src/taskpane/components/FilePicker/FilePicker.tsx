import { Button } from "@fluentui/react-components";
import { useRef } from "react";
import type { FilePickerProps } from "./FilePicker.types";

/** A button that opens the browser's file picker for one JSON file, the input itself hidden. */
export function FilePicker({ label, inputLabel, disabled = false, onFile }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const picked = (file: File | undefined) => {
    if (input.current !== null) input.current.value = "";
    if (file !== undefined) onFile(file);
  };
  return (
    <>
      <Button disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label={inputLabel}
        onChange={(event) => picked(event.target.files?.[0])}
      />
    </>
  );
}
