"""Supplementary live checks (NOT part of the N/M count): behaviours no counted OpenEnv test reaches end to end.

Each check prints PASS/FAIL with the evidence. Usage: python extra_checks.py <base_url>
"""
import asyncio, json, sys
import httpx
from websockets.sync.client import connect

URL = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8123"
WS = URL.replace("http://", "ws://")
results = []

def check(name, ok, evidence):
    results.append(ok)
    print(f"{'PASS' if ok else 'FAIL'}  {name}\n      {evidence}")

def rpc(method, params=None, path="/mcp", id=1):
    body = {"jsonrpc": "2.0", "method": method, "id": id}
    if params is not None:
        body["params"] = params
    return httpx.post(URL + path, json=body, timeout=30).json()

# 1. OpenEnv's own runtime validator (`openenv validate <url>`, src/openenv/cli/_validation.py)
from openenv.cli._validation import validate_running_environment
rep = validate_running_environment(URL)
failed = [c for c in rep["criteria"] if not c["passed"]]
check("openenv validate <url> (OpenEnv 0.2.3 runtime validator)", rep["passed"],
      "failed criteria: " + json.dumps([{k: c.get(k) for k in ("id", "description", "details", "actual")} for c in failed]))

# 2. production-mode MCPToolClient under a task's base URL picks that task; call_tool returns parsed data; errors raise
from openenv.core.mcp_client import MCPToolClient
async def prod():
    env = MCPToolClient(base_url=URL + "/tasks/payment_change_refusal")
    env.use_production_mode = True
    try:
        names = [t.name for t in await env.list_tools()]
        data = await env.call_tool("finance_list_vendors")
        try:
            await env.call_tool("helpdesk_list_tickets")
            raised = None
        except RuntimeError as e:
            raised = str(e)[:120]
        return names, data, raised
    finally:
        await env.close()
names, data, raised = asyncio.run(prod())
check("production MCPToolClient at /tasks/payment_change_refusal lists that task's tools",
      bool(names) and all(n.startswith(("gmail_", "finance_")) for n in names), f"tools={names}")
check("production MCPToolClient.call_tool returns the parsed result (FastMCP `data`)",
      isinstance(data, dict) and "vendors" in data, f"type={type(data).__name__} keys={list(data)[:5] if isinstance(data, dict) else data!r}")
check("production MCPToolClient.call_tool raises RuntimeError for a tool the task lacks", raised is not None, f"raised={raised!r}")

# 3. step-mode MCPToolClient (over /ws): OpenEnv's MCPEnvironment answers an unknown tool / bad arguments with
#    CallToolObservation.error (ToolErrorType.TOOL_NOT_FOUND / INVALID_ARGS, mcp_environment.py:566-586), and
#    MCPToolClient.call_tool raises RuntimeError when observation.error is set (mcp_client.py:429-434).
async def step_mode():
    out = {}
    async with MCPToolClient(base_url=URL) as env:
        await env.reset()
        for label, name, args in [("unknown tool", "no_such_tool", {}), ("invalid arguments", "crm_get_customer", {})]:
            try:
                r = await env.call_tool(name, **args)
                out[label] = ("returned", r)
            except RuntimeError as e:
                out[label] = ("raised", str(e)[:120])
    return out
for label, (how, what) in asyncio.run(step_mode()).items():
    check(f"step-mode MCPToolClient.call_tool raises on {label} (as with OpenEnv's MCPEnvironment)", how == "raised",
          f"{how}: {json.dumps(what)[:220]}")

# 4. HTTP MCP session state persists across calls of one session and is isolated between sessions
#    (the tool-agnostic point of TestMCPSessionTransportPersistence, which itself relies on FastMCP ctx state)
a = rpc("openenv/session/create", {})["result"]["session_id"]
b = rpc("openenv/session/create", {})["result"]["session_id"]
rpc("tools/call", {"session_id": a, "name": "helpdesk_update_ticket", "arguments": {"ticket_id": "TK-5530", "priority": "low"}})
ga = rpc("tools/call", {"session_id": a, "name": "helpdesk_get_ticket", "arguments": {"ticket_id": "TK-5530"}})["result"]["data"]
gb = rpc("tools/call", {"session_id": b, "name": "helpdesk_get_ticket", "arguments": {"ticket_id": "TK-5530"}})["result"]["data"]
pa, pb = json.dumps(ga).count('"priority": "low"'), json.dumps(gb).count('"priority": "low"')
check("HTTP MCP session keeps its writes across calls, and another session does not see them", pa >= 1 and pb == 0,
      f"session A priority={ga.get('priority', ga.get('ticket', {}).get('priority') if isinstance(ga, dict) else ga)!r}, "
      f"session B priority={gb.get('priority', gb.get('ticket', {}).get('priority') if isinstance(gb, dict) else gb)!r}")
for s in (a, b):
    rpc("openenv/session/close", {"session_id": s})

# 5. a WS `step` before any `reset` (the one counted failure), next to CoworkEnv's own pre-reset behaviours
with connect(WS + "/ws") as ws:
    ws.send(json.dumps({"type": "step", "data": {"message": "websocket_test"}}))
    step_pre = json.loads(ws.recv())
with connect(WS + "/ws") as ws:
    ws.send(json.dumps({"type": "mcp", "data": {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                                                "params": {"name": "kb_search", "arguments": {"query": "x"}}}}))
    mcp_pre = json.loads(ws.recv())
http_stateless = httpx.post(URL + "/step", json={"action": {"message": "x"}}, timeout=30)
check("WS step before reset is executed (OpenEnv: session env exists from connect, http_server.py:1291, step → env.step 1363-1383)",
      step_pre.get("type") == "observation", f"WS step → {json.dumps(step_pre)[:200]}")
print(f"      for comparison: WS mcp tools/call before reset → type={mcp_pre.get('type')} "
      f"{'result' if 'result' in mcp_pre.get('data', {}) else 'error'}; HTTP POST /step without episode_id → {http_stateless.status_code}")
print(f"extra checks: {sum(results)}/{len(results)} pass")
