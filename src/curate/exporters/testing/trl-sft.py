"""SFT with TRL (1.13) on coworkenv's sft.jsonl or sft.parquet, offline on CPU: a tiny random Llama and a word-level
tokenizer built here, with a chat template that prints tool-call arguments with `tojson` (as Llama 3 and Qwen 2.5
do), so a string argument would show up double-encoded.

Usage: trl-sft.py <file> <json|parquet> <output dir>. Prints one JSON line: rows, whether every row is
conversational, whether every argument is a dict, the steps trained and the loss."""
import json, re, sys, warnings
warnings.filterwarnings("ignore")
from datasets import load_dataset
from tokenizers import Tokenizer, models, pre_tokenizers
from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast
from trl import SFTConfig, SFTTrainer
from trl.data_utils import is_conversational

path, kind, out_dir = sys.argv[1], sys.argv[2], sys.argv[3]
full = load_dataset(kind, data_files=path, split="train")
args = [c["function"]["arguments"] for r in full for m in r["messages"] for c in (m.get("tool_calls") or [])]
ds = full.select(range(min(8, full.num_rows)))
TEMPLATE = (
    "{%- for m in messages %}"
    "{%- if m.role == 'assistant' %}<|im_start|>assistant\n{% generation %}{{ m.content or '' }}"
    "{%- for c in (m.tool_calls or []) %}<tool_call>{\"name\": \"{{ c.function.name }}\", \"arguments\": {{ c.function.arguments | tojson }}}</tool_call>{%- endfor %}"
    "<|im_end|>{% endgeneration %}\n"
    "{%- else %}<|im_start|>{{ m.role }}\n{{ m.content or '' }}<|im_end|>\n{%- endif %}"
    "{%- endfor %}"
    "{%- if add_generation_prompt %}<|im_start|>assistant\n{%- endif %}"
)
words = set()
for r in ds:
    for m in r["messages"]:
        words.update(re.findall(r"\w+|[^\w\s]", json.dumps(m)))
vocab = {w: i for i, w in enumerate(["[UNK]", "[PAD]", "<|im_start|>", "<|im_end|>"] + sorted(words))}
tk = Tokenizer(models.WordLevel(vocab=vocab, unk_token="[UNK]"))
tk.pre_tokenizer = pre_tokenizers.Split(r"\w+|[^\w\s]", behavior="isolated")
tok = PreTrainedTokenizerFast(tokenizer_object=tk, unk_token="[UNK]", pad_token="[PAD]", eos_token="<|im_end|>")
tok.chat_template = TEMPLATE
rendered = "".join(tok.apply_chat_template(r["messages"], tokenize=False) for r in ds)
model = LlamaForCausalLM(LlamaConfig(vocab_size=len(vocab), hidden_size=32, intermediate_size=64, num_hidden_layers=1,
                                     num_attention_heads=2, num_key_value_heads=2))
cfg = SFTConfig(output_dir=out_dir, max_steps=2, per_device_train_batch_size=2, report_to=[], assistant_only_loss=True,
                max_length=512, logging_steps=1, save_strategy="no", use_cpu=True)
result = SFTTrainer(model=model, args=cfg, train_dataset=ds, processing_class=tok).train()
print(json.dumps({"rows": full.num_rows, "conversational": all(is_conversational(r) for r in full),
                  "arguments": len(args), "arguments_dicts": all(isinstance(a, dict) for a in args),
                  "double_encoded": '"arguments": "{' in rendered, "steps": result.global_step,
                  "loss": result.training_loss}))
