import { spawnSync } from "node:child_process";

/**
 * What systemd makes of gateway/deploy/index-data-gateway.service, asked of systemd-analyze itself (Debian: apt-get
 * install -y systemd; it needs no running systemd): its security score, and the system calls its SystemCallFilter=
 * lines allow. Without systemd-analyze these throw, saying how to get it: a test that needs it fails, never passes.
 */
const INSTALL = "systemd-analyze is not installed: apt-get install -y systemd (it needs no running systemd)";

function analyze(args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync("systemd-analyze", args, { encoding: "utf8" });
  if (run.error !== undefined) throw new Error(`${INSTALL} (${run.error.message})`);
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** `systemd-analyze security --offline=true`: the overall exposure (0 to 10) and the settings it counts against. */
export function securityReview(unitPath: string): { exposure: number; rating: string; exposed: string[] } {
  const run = analyze(["security", "--offline=true", "--no-pager", unitPath]);
  const overall = /Overall exposure level for \S+: (\d+\.\d+) (\w+)/.exec(run.stdout);
  if (overall === null) throw new Error(`systemd-analyze security said no overall level:\n${run.stdout}${run.stderr}`);
  const exposed = run.stdout
    .split("\n")
    .filter((line) => line.startsWith("✗"))
    .map((line) => line.slice(1).trim().split(/\s+/)[0] ?? "");
  return { exposure: Number(overall[1]), rating: overall[2] ?? "", exposed };
}

/** The system calls a group (`@system-service`) or a single name stands for, groups within it expanded. */
function expand(entry: string, seen: Map<string, ReadonlySet<string>>): ReadonlySet<string> {
  if (!entry.startsWith("@")) return new Set([entry]);
  const known = seen.get(entry);
  if (known !== undefined) return known;
  const run = analyze(["syscall-filter", "--no-pager", entry]);
  if (run.status !== 0) throw new Error(`systemd-analyze syscall-filter ${entry}: ${run.stderr}`);
  const calls = new Set<string>();
  for (const line of run.stdout.split("\n").slice(1)) {
    const name = line.trim();
    if (name === "" || name.startsWith("#")) continue;
    for (const call of expand(name, seen)) calls.add(call);
  }
  seen.set(entry, calls);
  return calls;
}

/**
 * The system calls a unit's SystemCallFilter= lines allow: the allow lists, less every `~` deny list (systemd applies
 * them in that way when the first line is an allow list, as ours is).
 */
export function allowedSystemCalls(unitText: string): ReadonlySet<string> {
  const lines = [...unitText.matchAll(/^SystemCallFilter=(.*)$/gm)].map((match) => (match[1] ?? "").trim());
  if (lines.length === 0 || lines[0]?.startsWith("~") === true)
    throw new Error("the unit's first SystemCallFilter= line must be an allow list");
  const seen = new Map<string, ReadonlySet<string>>();
  const allowed = new Set<string>();
  const denied = new Set<string>();
  for (const line of lines) {
    const deny = line.startsWith("~");
    for (const entry of line.replace(/^~/, "").split(/\s+/).filter(Boolean))
      for (const call of expand(entry, seen)) (deny ? denied : allowed).add(call);
  }
  return new Set([...allowed].filter((call) => !denied.has(call)));
}

/** The system calls in an `strace -f` log (`PID name(args) = result` lines; a resumed call was counted as it began). */
export function systemCallsIn(trace: string): ReadonlySet<string> {
  return new Set([...trace.matchAll(/^\d+\s+([a-z0-9_]+)\(/gm)].map((match) => match[1] ?? ""));
}
