import { act, screen, within } from "@testing-library/react";
import { AboutSection } from "../../src/taskpane/components/AboutSection/AboutSection";
import { DiagnosticsRecorder } from "@index-data/wire/diagnostics";
import { renderPane } from "./render";

const KEY = "pane-key-0123456789abcdef";
const about = () => screen.getByRole("region", { name: "About" });

describe("the About section", () => {
  it("says nothing went wrong while the recorder is empty", () => {
    renderPane(<AboutSection diagnostics={new DiagnosticsRecorder()} />);
    expect(within(about()).getByRole("heading", { name: "Recent problems" })).toBeTruthy();
    expect(within(about()).queryByRole("list")).toBeNull();
    expect(about().textContent).toContain("Nothing went wrong in this session.");
  });

  it("lists recorded failures as they happen, newest first, without the key", () => {
    const recorder = new DiagnosticsRecorder({ secrets: () => [KEY] });
    recorder.note({ where: "last-known storage", error: new Error("QuotaExceededError: storage full") });
    renderPane(<AboutSection diagnostics={recorder} shown={2} />);
    act(() => {
      recorder.note({ where: "data type registration", error: new Error(`refused for ${KEY}`) });
      recorder.note({ where: "visible cells", error: new Error("no answer") });
    });
    const items = within(within(about()).getByRole("list", { name: "Recent problems" })).getAllByRole("listitem");
    expect(items.map((item) => item.textContent?.replace(/^.*? · /, ""))).toEqual([
      "visible cells: Error: no answer",
      "data type registration: Error: refused for [secret]",
    ]);
    expect(about().textContent).not.toContain(KEY);
    expect(about().textContent).toContain("1 older problem not shown.");
  });
});
