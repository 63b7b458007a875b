"""Read a picture through `coworkenv serve` with OpenEnv's own GenericEnvClient (over /ws): the step's observation
carries the picture in `tool_result.images[].data`.

    python examples/clients/openenv_image.py http://127.0.0.1:8000   # needs: OpenEnv (openenv-core) and a running serve

with `coworkenv serve examples/multimodal --port 8000` running. Prints one JSON line: the picture's MIME type, size
and PNG signature as the observation carries them.
"""

import base64
import json
import sys

from openenv.core.generic_client import GenericEnvClient

base = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000"
env = GenericEnvClient(base_url=base).sync()
with env:
    env.reset(task_id="chart_regional_lead")
    r = env.step({"tool_call": {"name": "fs_read", "arguments": {"path": "reports/q3_revenue.png"}}})
    result = r.observation["tool_result"]
    image = result["images"][0]
    data = base64.b64decode(image["data"])
    print(json.dumps({
        "done": r.done,
        "mime": image["mime"],
        "width": image["width"],
        "height": image["height"],
        "png": data[:8] == b"\x89PNG\r\n\x1a\n",
        "bytes": len(data),
    }))
