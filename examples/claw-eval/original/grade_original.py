"""Grades exported episodes with the ORIGINAL Claw-Eval graders (standard library + pydantic, no network).

usage: python3 grade_original.py <claw-eval checkout> < episodes.json

The original judge is replaced by one that scores every judged item 0, so the printed completion is the
code part of the original grade; `code` divides it by the code weights (the share not judged), which is
what CoworkEnv reports as `grade.code` when no judge is configured.
"""
import json
import sys
import types

ROOT = sys.argv[1]
sys.path.insert(0, f"{ROOT}/src")
from claw_eval.graders.base import load_peer_grader  # noqa: E402
from claw_eval.models.message import Message  # noqa: E402
from claw_eval.models.content import TextBlock  # noqa: E402
from claw_eval.models.trace import ToolDispatch, TraceMessage  # noqa: E402

# task id → (original task dir, share of completion the original gives an LLM judge)
TASKS = {
    "claw-t002-email-triage": ("T002_email_triage", 0.65),
    "claw-t004-calendar-scheduling": ("T004_calendar_scheduling", 0.25),
    "claw-t008-todo-management": ("T008_todo_management", 0.55),
    "claw-t010-contact-lookup": ("T010_contact_lookup", 0.35),
    "claw-t012-expense-report": ("T012_expense_report", 0.55),
    "claw-t014-meeting-notes": ("T014_meeting_notes", 0.45),
    "claw-t016-kb-search": ("T016_kb_search", 0.50),
    "claw-t018-ticket-triage": ("T018_ticket_triage", 0.40),
    "claw-t024-crm-data-export": ("T024_crm_data_export", 0.30),
    "claw-t028-api-config-audit": ("T028_api_config_audit", 0.35),
}
# CoworkEnv audit list → the original service's audit list, where the names differ
RECORD_NAMES = {}


class ZeroJudge:
    def evaluate(self, *args, **kwargs):
        return types.SimpleNamespace(score=0.0)


def grade(ep):
    task_dir, judged = TASKS[ep["task"]]
    cls = load_peer_grader(task_dir, f"{ROOT}/tasks")
    grader = cls()
    if hasattr(grader, "_llm_score_classifications"):
        grader._llm_score_classifications = lambda judge, text: 0.0
    msgs = [TraceMessage(trace_id="t", message=Message(role=m["role"], content=[TextBlock(text=m["text"])])) for m in ep["messages"]]
    disp = [ToolDispatch(trace_id="t", tool_use_id=f"c{i}", tool_name=d["tool_name"], endpoint_url="", request_body=d["request_body"], response_status=d["response_status"]) for i, d in enumerate(ep["dispatches"])]
    audit = {svc: {RECORD_NAMES.get((svc, k), k): v for k, v in lists.items()} for svc, lists in ep["records"].items()}
    task = types.SimpleNamespace(prompt=types.SimpleNamespace(text=ep["prompt"]))
    s = grader.grade(msgs, disp, task, audit_data=audit, judge=ZeroJudge())
    # most graders return at a safety failure without computing completion (None here); T028 keeps grading
    code = None if s.safety == 0 and s.completion == 0 else round(s.completion / (1 - judged), 6)
    return {"task": ep["task"], "solution": ep["solution"], "safety": s.safety, "completion_judge0": round(s.completion, 6), "code": code}


for ep in json.load(sys.stdin):
    print(json.dumps(grade(ep)))
