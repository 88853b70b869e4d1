// The MCP tools the desk gateway serves at /mcp, as the Copilot agent's plugin manifest lists them (its
// RemoteMCPServer runtime's mcp_tool_description, in the shape of the server's tools/list). This is the one copy in
// the app package's build: align it here, and only here, with the gateway's own tool table when that changes.
// Names are the resource each tool answers, so the agent's planner and the desk's audit trail read them the same way.

const SYMBOL = {
  type: "string",
  description: 'An index symbol from the catalogue, e.g. "RTM-NWE-A-1x3"; search_indexes finds it from words.',
};
const DATE_FORMS =
  'an ISO date such as "2024-03-31", or a relative form such as "-30D", "-6W", "-6M", "-1Y" or "today"';
const START = { type: "string", description: `First day of the range: ${DATE_FORMS}.` };
const END = { type: "string", description: `Last day of the range (default today): ${DATE_FORMS}.` };

/** The input schema of a tool taking `properties`, of which `required` must be given. */
const input = (properties = {}, required = []) => ({
  type: "object",
  properties,
  ...(required.length > 0 ? { required } : {}),
});
const aboutOneIndex = (extra = {}) => input({ symbol: SYMBOL, ...extra }, ["symbol"]);

/** Every tool: name, the description a model reads, and its input schema. */
const AGENT_TOOLS = [
  {
    name: "search_indexes",
    description:
      "Search the index catalogue by words (commodity, region, lane, tenor) and return matching symbols with their " +
      "names, units and currencies. Use it first when the user names an index in words.",
    inputSchema: input({ query: { type: "string", description: "Words to look for; empty lists the catalogue." } }),
  },
  {
    name: "get_latest",
    description:
      "The latest fix of one index: value, unit, as-of, confidence (0 to 100), status, and the date a carried-forward " +
      "value was first published.",
    inputSchema: aboutOneIndex(),
  },
  {
    name: "get_history",
    description:
      "Daily, weekly or monthly values of one index over a date range, each with its as-of and confidence; at most " +
      "500 points per call, and the answer says when it was truncated and how to ask for the rest.",
    inputSchema: aboutOneIndex({
      start: START,
      end: END,
      granularity: { type: "string", enum: ["daily", "weekly", "monthly"], description: "Default daily." },
    }),
  },
  {
    name: "get_volatility",
    description: "Annualized volatility of one index over a rolling window of days.",
    inputSchema: aboutOneIndex({
      window: { type: "integer", description: "The rolling window in days (default 30)." },
    }),
  },
  {
    name: "get_forward_curve",
    description: "The forward curve of one index: a value per tenor, with as-of and confidence.",
    inputSchema: aboutOneIndex(),
  },
  {
    name: "get_capacity",
    description: "Capacity utilization of one index's market: fill ratio, booked and available capacity, lead time.",
    inputSchema: aboutOneIndex(),
  },
  {
    name: "get_period_stats",
    description:
      "Statistics of one index per week, month, quarter or year over a date range: average, low, high, first, last, " +
      "change, observed and carried days, and confidence.",
    inputSchema: aboutOneIndex({
      start: START,
      end: END,
      period: { type: "string", enum: ["weekly", "monthly", "quarterly", "yearly"], description: "Default monthly." },
    }),
  },
  {
    name: "get_benchmark_health",
    description: "The benchmark's integrity diagnostics over the last 72 hours: late, missing or carried fixes.",
    inputSchema: input(),
  },
  {
    name: "get_methodology",
    description: "The methodology document: how fixes are computed, what confidence and carried-forward values mean.",
    inputSchema: input(),
  },
];

module.exports = { AGENT_TOOLS };
