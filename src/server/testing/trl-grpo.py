"""docs/rl.md's TRL recipe, verbatim, with GRPOTrainer (TRL 1.13) on CPU: a tiny random Llama and a word-level
tokenizer carrying TRL's own Qwen3 chat template (so TRL knows how to parse tool calls).

Usage: trl-grpo.py <docs/rl.md> <server url> <output dir>. Prints one JSON line: the reward sources TRL set up,
the steps trained and the logged reward columns."""
import re, sys, json, warnings, pathlib
warnings.filterwarnings("ignore")
md = pathlib.Path(sys.argv[1]).read_text()
recipe = re.search(r"<!-- test: trl-recipe -->\n```python\n(.*?)^```$", md, re.S | re.M).group(1)
usage = re.search(r"With TRL 1\.13.*?```python\n(.*?)^```$", md, re.S | re.M).group(1)
recipe = recipe.replace('ENV = "http://127.0.0.1:8000"', f'ENV = "{sys.argv[2]}"')
ns = {}
exec(recipe, ns)
import trl, importlib.resources as ir
from tokenizers import Tokenizer, models, pre_tokenizers
from transformers import PreTrainedTokenizerFast, LlamaConfig, LlamaForCausalLM
qwen3 = (ir.files("trl") / "chat_templates" / "qwen3.jinja").read_text()
specials = ["<|im_start|>", "<|im_end|>", "<tool_call>", "</tool_call>", "<think>", "</think>", "<tool_response>", "</tool_response>"]
words = sorted(set(re.findall(r"\w+|[^\w\s]", md)))
vocab = {w: i for i, w in enumerate(["[UNK]", "[PAD]"] + specials + words)}
tk = Tokenizer(models.WordLevel(vocab=vocab, unk_token="[UNK]"))
tk.pre_tokenizer = pre_tokenizers.Split(r"<\|im_start\|>|<\|im_end\|>|</?tool_call>|</?think>|</?tool_response>|\w+|[^\w\s]", behavior="isolated")
tokenizer = PreTrainedTokenizerFast(tokenizer_object=tk, unk_token="[UNK]", pad_token="[PAD]", eos_token="<|im_end|>", additional_special_tokens=specials)
tokenizer.chat_template = qwen3
model = LlamaForCausalLM(LlamaConfig(vocab_size=len(vocab), hidden_size=32, intermediate_size=64, num_hidden_layers=1, num_attention_heads=2, num_key_value_heads=2))
# the usage block as written, with the model, a small config and this tokenizer in place of Qwen's download
usage = usage.replace('model="Qwen/Qwen3-0.6B"', "model=model, processing_class=tokenizer")
usage = usage.replace("args=GRPOConfig(max_completion_length=2048)", f'args=GRPOConfig(output_dir="{sys.argv[3]}", max_completion_length=24, max_steps=1, per_device_train_batch_size=4, num_generations=2, report_to=[], use_cpu=True, logging_steps=1, save_strategy="no")')
ns.update(model=model, tokenizer=tokenizer)
exec(usage, ns)
trainer = ns["trainer"]
out = trainer.train()
logs = [l for l in trainer.state.log_history if "reward" in l]
print(json.dumps({"reward_sources": trainer.reward_func_names, "steps": out.global_step, "reward": logs[-1].get("reward"),
                  "columns": sorted(k for k in logs[-1] if k.startswith("rewards/"))}))
