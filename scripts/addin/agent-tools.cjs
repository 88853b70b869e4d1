// The MCP tools the desk gateway serves at /mcp, as the Copilot agent's plugin manifest lists them (its
// RemoteMCPServer runtime's mcp_tool_description). Not written by hand: `npm run generate` asks the gateway's own MCP
// server for its tools/list (scripts/generate/agent-tools.ts), and test/gateway checks the file against a running
// gateway's list. Names are the resource each tool answers, so the agent's planner and the audit trail read them alike.
const AGENT_TOOLS = require("./agent-tools.generated.json");

module.exports = { AGENT_TOOLS };
