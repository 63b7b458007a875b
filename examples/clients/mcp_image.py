"""Read a picture through `coworkenv mcp` with the MCP Python SDK: the tool result carries ImageContent.

    python examples/clients/mcp_image.py            # needs: pip install mcp (the MCP Python SDK)

Starts `node bin/coworkenv.js mcp examples/multimodal/chart_regional_lead.yaml` over stdio, reads the chart, and
prints one JSON line: the result's content types, the picture's MIME type, size in bytes and PNG signature.
"""

import asyncio
import base64
import json
import os
import sys
import tempfile

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


async def main() -> None:
    out = os.path.join(tempfile.mkdtemp(prefix="coworkenv-mcp-py-"), "t.jsonl")
    params = StdioServerParameters(
        command=os.environ.get("COWORKENV_NODE", "node"),
        args=["bin/coworkenv.js", "mcp", "examples/multimodal/chart_regional_lead.yaml", "--out", out],
        cwd=ROOT,
    )
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = [t.name for t in (await session.list_tools()).tools]
            result = await session.call_tool("fs_read", {"path": "reports/q3_revenue.png"})
            images = [c for c in result.content if c.type == "image"]
            texts = [c for c in result.content if c.type == "text"]
            data = base64.b64decode(images[0].data) if images else b""
            print(json.dumps({
                "tools": "fs_read" in tools,
                "types": [c.type for c in result.content],
                "is_error": bool(result.is_error),
                "mime": images[0].mime_type if images else None,
                "bytes": len(data),
                "png": data[:8] == b"\x89PNG\r\n\x1a\n",
                "text": json.loads(texts[0].text) if texts else None,
            }))


if __name__ == "__main__":
    asyncio.run(main())
    sys.exit(0)
