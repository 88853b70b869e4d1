import { DiagnosticsRecorder, noDiagnostics, scrubSecrets } from "@index-data/wire/diagnostics";
import { FakeClock } from "../support/fake-clock";

const KEY = "demo-key-9f8e7d6c5b4a";

describe("the diagnostics recorder", () => {
  test("keeps the newest failures, at most its capacity, newest first, stamped on its clock", async () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 5, 9));
    const recorder = new DiagnosticsRecorder({ capacity: 3, clock });
    for (const n of [1, 2, 3, 4, 5]) {
      recorder.note({ where: `step ${n}`, error: new Error(`failure ${n}`) });
      await clock.advance(1000);
    }
    expect(recorder.recent().map((d) => d.where)).toEqual(["step 5", "step 4", "step 3"]);
    expect(recorder.recent()[0]).toEqual({
      at: Date.UTC(2026, 0, 5, 9, 0, 4),
      where: "step 5",
      message: "Error: failure 5",
    });
  });

  test("never records the key: as it is, percent-encoded, in base64, or behind a label", () => {
    const recorder = new DiagnosticsRecorder({ secrets: () => [KEY] });
    const spellings = [
      `refused ${KEY}`,
      `GET /x?apiKey=${encodeURIComponent(KEY)}`,
      `echo ${btoa(KEY)}`,
      "Authorization: Bearer some-other-token-123",
      'headers {"x-api-key": "a-key-we-never-knew-1"}',
    ];
    for (const text of spellings) recorder.note({ where: "test", error: new Error(text) });
    const messages = recorder.recent().map((d) => d.message);
    expect(messages).toHaveLength(spellings.length);
    for (const message of messages) {
      expect(message).toContain("[secret]");
      for (const secret of [KEY, encodeURIComponent(KEY), btoa(KEY).replace(/=+$/, "")])
        expect(message).not.toContain(secret);
      expect(message).not.toContain("some-other-token-123");
      expect(message).not.toContain("a-key-we-never-knew-1");
    }
  });

  test("takes out the secrets of the moment (keepOut) and cuts long messages and control characters", () => {
    const settings: { apiKey?: string } = {};
    const recorder = new DiagnosticsRecorder();
    recorder.keepOut(() => [settings.apiKey]);
    settings.apiKey = KEY; // read at the note, not when keepOut was called
    recorder.note({ where: "long", error: `line\nbreak ${KEY} ${"x".repeat(1000)}` });
    const [entry] = recorder.recent();
    expect(entry?.message.startsWith("line break [secret] xxx")).toBe(true);
    expect(entry?.message.length).toBeLessThanOrEqual(300);
  });

  test("tells its subscribers of every new failure; the no-op port records nothing and never throws", () => {
    const recorder = new DiagnosticsRecorder();
    const heard: number[] = [];
    const stop = recorder.subscribe(() => heard.push(recorder.recent().length));
    recorder.note({ where: "a", error: 1 });
    stop();
    recorder.note({ where: "b", error: { message: "an object's words" } });
    expect(heard).toEqual([1]);
    expect(recorder.recent()[0]?.message).toBe("an object's words");
    expect(() => noDiagnostics.note({ where: "nowhere", error: new Error("lost") })).not.toThrow();
    expect(scrubSecrets("short key abc", ["abc"])).toBe("short key abc"); // too short to be a key: text stays
  });

  test("keeps a subscriber's own failure where the pane reads it, and still tells the other subscribers", () => {
    const recorder = new DiagnosticsRecorder();
    const heard: string[] = [];
    recorder.subscribe(() => {
      throw new Error("the pane is closed");
    });
    recorder.subscribe(() => heard.push("told"));
    recorder.note({ where: "refresh", error: new Error("the service is down") });
    expect(heard).toEqual(["told"]);
    expect(recorder.recent().map(({ where, message }) => ({ where, message }))).toEqual([
      { where: "diagnostics listener", message: "Error: the pane is closed" },
      { where: "refresh", message: "Error: the service is down" },
    ]);
  });
});
