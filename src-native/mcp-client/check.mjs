// Drives a running pm-memory's /mcp with the official MCP TypeScript SDK client: lists the tools, then the
// PM's round (remember, recall, pending, confirm, recall) and one bad argument. Exits non-zero on the first
// thing that is not as it should be.
//
//   node src-native/mcp-client/check.mjs http://127.0.0.1:8080/mcp [profile]
//   MCP_BEARER=pmk_… node src-native/mcp-client/check.mjs …   (a service with keys: the key's secret)
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [url, profileArg] = process.argv.slice(2);
if (!url) {
  console.error("usage: node check.mjs <mcp endpoint url> [profile]");
  process.exit(2);
}
const profile = profileArg ?? `ts-check-${process.pid}`;
const headers = process.env.MCP_BEARER ? { Authorization: `Bearer ${process.env.MCP_BEARER}` } : {};

let failures = 0;
function check(name, condition, detail) {
  if (condition) {
    console.log(`  ok   ${name}`);
  } else {
    failures++;
    console.error(`  FAIL ${name}${detail === undefined ? "" : `: ${JSON.stringify(detail).slice(0, 400)}`}`);
  }
}

const client = new Client({ name: "pm-memory-ts-check", version: "1.0.0" });
try {
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
} catch (e) {
  console.error(`  FAIL initialize at ${url}: ${e.message}`);
  process.exit(1);
}

async function call(name, args) {
  return client.callTool({ name, arguments: { profile_id: profile, ...args } });
}

async function ok(name, args) {
  const result = await call(name, args);
  if (result.isError) {
    throw new Error(`${name} failed: ${result.content?.[0]?.text}`);
  }
  return result.structuredContent;
}

try {
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name).sort();
  const expected = ["confirm", "correct", "entity_history", "facts_get", "facts_set", "forget", "pending",
    "recall", "reject", "remember"];
  check("tools/list names every tool", JSON.stringify(names) === JSON.stringify(expected), names);
  const recallTool = tools.find((t) => t.name === "recall");
  check("recall's limit is bounded in its schema", recallTool?.inputSchema?.properties?.limit?.maximum === 50,
    recallTool?.inputSchema);

  const advance = await ok("remember", { message: "Anthropic 可以推进" });
  check("remember: a memory created in the named profile",
    advance.outcome === "created" && advance.profile_id === profile, advance);

  const reversal = await ok("remember", { message: "Anthropic 商业化弱", source: "bot" });
  check("remember: a bot's reversal waits for the PM", reversal.outcome === "pending", reversal);

  const before = await ok("recall", { query: "Anthropic", limit: 5 });
  check("recall: the advance, with its factors and a prompt block",
    before.items.length === 1 && before.items[0].memory.id === advance.memory.id
      && typeof before.items[0].factors.keyword_match === "number"
      && before.prompt_block.includes("Anthropic 可以推进"), before);

  const pending = await ok("pending", {});
  check("pending: the reversal", pending.items.map((m) => m.id).includes(reversal.memory.id), pending);

  const confirmed = await ok("confirm", { memory_id: reversal.memory.id });
  check("confirm: the reversal supersedes the advance",
    confirmed.memory.status === "active" && confirmed.superseded.includes(advance.memory.id), confirmed);

  const after = await ok("recall", { query: "Anthropic", limit: 5 });
  check("recall: now the confirmed reversal",
    after.items.map((i) => i.memory.id).join() === reversal.memory.id
      && after.prompt_block.includes("Anthropic 商业化弱"), after);

  const bad = await call("recall", { limit: 99 });
  check("a bad argument is a tool error naming the field",
    bad.isError === true && bad.content[0].text.startsWith("invalid field(s): limit"), bad);
} catch (e) {
  failures++;
  console.error(`  FAIL ${e.message}`);
} finally {
  await client.close();
}
console.log(`mcp check (TypeScript SDK): ${failures === 0 ? "passed" : `${failures} failed`}`);
process.exit(failures === 0 ? 0 : 1);
