/**
 * Text files the pane hands over and takes in (watch lists, templates), all in the page: a download made from a Blob
 * (no request, no server), and a picked file read as text. Nothing is sent anywhere.
 */

/** A download of `text` under `name`; the anchor is never added to the page, its URL let go after the click. */
export function downloadText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A picked file's text (UTF-8), through FileReader: every host's webview has it. */
export function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : "");
    reader.onerror = () => reject(reader.error ?? new Error("the file could not be read"));
    reader.readAsText(file);
  });
}
