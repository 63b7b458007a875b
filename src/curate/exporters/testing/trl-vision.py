"""TRL's own dataset checks on the vision export: load with datasets, turn the pictures (paths in sft-vision.jsonl,
bytes in sft-vision.parquet) into Image features, and let TRL put each into its placeholder
(prepare_multimodal_messages), as its vision SFT path does. One JSON line per file."""

import json
import os
import sys

from datasets import Image, List, load_dataset
from trl.data_utils import is_conversational, prepare_multimodal_messages


def checked(ds):
    rows = []
    for row in ds.cast_column("images", List(Image())):
        messages = prepare_multimodal_messages(row["messages"], row["images"])
        rows.append({
            "conversational": is_conversational(row),
            "images": len(row["images"]),
            "sizes": [list(im.size) for im in row["images"]],
            "filled": sum(1 for m in messages for p in m["content"] if p["type"] == "image" and "image" in p),
        })
    return rows


d = sys.argv[1]
jsonl = load_dataset("json", data_files=os.path.join(d, "sft-vision.jsonl"), split="train")
print(json.dumps(checked(jsonl.map(lambda r: {"images": [os.path.join(d, p) for p in r["images"]]}))))
# the Parquet export carries the pictures' bytes: datasets casts them to Image as they are
print(json.dumps(checked(load_dataset("parquet", data_files=os.path.join(d, "sft-vision.parquet"), split="train"))))
