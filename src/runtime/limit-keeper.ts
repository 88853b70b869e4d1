import type { Settings, KeyValueStorage } from "../settings";
import { type RequestEngine, keepKnownLimit } from "../engine";
import type { Diagnostics } from "@index-data/wire/diagnostics";

/**
 * Keeps the limit the service announced for the current settings (known-limit.ts), once learned, for the next
 * session's opening burst; written again only when it changes.
 */
export class LimitKeeper {
  private kept: number | undefined;
  private settings: Settings | undefined;

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly diagnostics: Diagnostics,
  ) {}

  /** A new engine runs on `settings`, started with `known` (the limit read from storage, if any). */
  started(settings: Settings, known: number | undefined): void {
    this.settings = settings;
    this.kept = known;
  }

  /** Keeps the learned limit of `engine` (the ready engine, if any) when it is new. */
  keep(engine: RequestEngine | undefined): void {
    const { settings } = this;
    if (engine === undefined || settings === undefined) return;
    const { limitLearned, limitPerMinute } = engine.snapshot();
    if (limitLearned !== true || limitPerMinute === undefined) return;
    const limit = Math.round((limitPerMinute * engine.options.rateWindowMs) / 60_000);
    if (limit === this.kept) return;
    this.kept = limit;
    void keepKnownLimit(this.storage, settings.baseUrl, settings.apiKey, limit, this.diagnostics);
  }
}
