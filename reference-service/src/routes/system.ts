import type { FastifyInstance } from "fastify";
import { benchmarkSummaryOf } from "../dataset/benchmark";
import { methodologyDocument } from "../dataset/methodology";
import { benchmarkVerdict } from "../health";
import type { ServiceContext } from "../context";

/** Benchmark health, system status and health check, and the methodology, each where its description has it. */
export function registerSystemRoutes(app: FastifyInstance, context: ServiceContext): void {
  const { dataset, flavor, state } = context;
  const verdict = (now: Date) => benchmarkVerdict(benchmarkSummaryOf(dataset, now), state.health);

  // Strict: 200 only when everything is ok.
  app.get("/api/health", async (_request, reply) => {
    const timestamp = context.now().toISOString();
    if (state.health === "ok") return { status: "ok", timestamp };
    return reply.code(503).send({ status: state.health, timestamp, reasons: verdict(context.now()).reasons });
  });

  if (flavor === "newer") {
    app.get("/api/v1/benchmark/health", async () => {
      const now = context.now();
      const { benchmarkStatus, reasons, summary } = verdict(now);
      return { asOf: now.toISOString(), benchmarkStatus, reasons, summary };
    });

    // Always 200: the state is in the body.
    app.get("/api/status", async () => {
      const now = context.now();
      const { benchmarkStatus, reasons, summary } = verdict(now);
      return {
        status: state.health,
        timestamp: now.toISOString(),
        benchmarkStatus,
        reasons,
        benchmarkSummary: summary,
      };
    });
  }

  if (flavor === "older") {
    app.get("/api/v1/methodology", async () => methodologyDocument());
  }
}
