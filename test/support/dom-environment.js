const { TestEnvironment } = require("jest-environment-jsdom");

/**
 * Node's web platform objects that jsdom lacks or that must be Node's own: component tests render in jsdom yet
 * load their data from the reference service over real HTTP (Node's fetch, its streams and its AbortSignal, which
 * Node's fetch insists on), and the in-process service runs on Node's timers (setImmediate).
 */
const FROM_NODE = [
  "fetch",
  "Request",
  "Response",
  "Headers",
  "AbortController",
  "AbortSignal",
  "TextEncoder",
  "TextDecoder",
  "ReadableStream",
  "WritableStream",
  "TransformStream",
  "structuredClone",
  "setImmediate",
  "clearImmediate",
];

/** jsdom for React Testing Library, with Node's fetch and timers beside it (see FROM_NODE). */
class DomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
  }
}

module.exports = DomEnvironment;
