import { startReferenceService, type Flavor, type RunningReferenceService } from "../../../reference-service/src";
import type { RequestEngine } from "../../../src/engine/request-engine";

/** The reference services and request engines a suite opens, with what closes them after each test. */
interface ReferenceRig {
  /** A reference service of that flavor whose day is `day`, test faults on and no rate limit to speak of. */
  serviceOn(flavor: Flavor, day: string): Promise<RunningReferenceService>;
  /** The engine, closed after the test. */
  kept(engine: RequestEngine): RequestEngine;
}

/** Registers an afterEach that closes whatever the suite opened through the rig. */
export function referenceRig(): ReferenceRig {
  const services: RunningReferenceService[] = [];
  const engines: RequestEngine[] = [];
  afterEach(async () => {
    engines.splice(0).forEach((engine) => engine.close());
    await Promise.all(services.splice(0).map((service) => service.close()));
  });
  return {
    async serviceOn(flavor, day) {
      const service = await startReferenceService({
        flavor,
        testFaults: true,
        now: () => new Date(day),
        rateLimits: { anonymous: 100_000 },
      });
      services.push(service);
      return service;
    },
    kept(engine) {
      engines.push(engine);
      return engine;
    },
  };
}
