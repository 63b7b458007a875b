// The JSON the API answers (src/view/data.ts); kept by hand, checked by the browser tests.

export interface Metrics {
  tasks: number;
  trials: number;
  graded: number;
  mean: number | null;
  pass_rate: number | null;
  pass_at_k: number | null;
  pass_hat_k: number | null;
}

export interface TaskMetrics {
  task_id: string;
  trials: number;
  graded: number;
  mean: number | null;
  passes: number;
  pass_at_k: number | null;
  pass_hat_k: number | null;
}

export interface Sources {
  runs: {
    id: string;
    dir: string;
    name: string;
    status: string;
    recorded: number;
    expected: number;
    agent: { name: string } | null;
  }[];
  tasks: { id: string; dir: string; released: number; rejected: number }[];
  datasets: { id: string; dir: string; rows_out: number | null }[];
}

export interface RunOverview {
  id: string;
  dir: string;
  name: string;
  status: string;
  agent: { name: string; model?: string };
  seed: number;
  recorded: number;
  expected: number;
  bytes: number;
  skipped: { count: number; first: { line: number; message: string }[] };
  invalid: { count: number; first: { line: number; message: string }[] };
  summary: {
    k: number;
    overall: Metrics;
    by_family: Record<string, Metrics>;
    by_capability: Record<string, Metrics>;
    infra_error_count: number;
    judge_unavailable: number;
    task_count: number;
  };
  histogram: { bins: { x0: number; x1: number; n: number }[]; unscored: number };
  end_reasons: Record<string, number>;
}

export interface TrialRow {
  task_id: string;
  trial: number;
  score: number | null;
  passed: boolean | null;
  outcome: string;
  end: string | null;
  failed_checks: string[];
  violations: number;
}

export interface LinkedCheck {
  id: string;
  kind: string;
  weight: number;
  score: number | null;
  status: string;
  reason?: string;
  evidence: unknown[];
  steps: number[];
  judged: boolean;
}

export interface CollectionDiff {
  service: string;
  collection: string;
  id_field: string;
  added: Record<string, unknown>[];
  removed: Record<string, unknown>[];
  changed: { id: string; fields: { field: string; before: unknown; after: unknown }[] }[];
  unchanged: number;
}

export interface TrialDetail {
  run: string;
  task_id: string;
  trial: number;
  line: number;
  events: (Record<string, unknown> & { index: number; type: string; seq?: number })[];
  checks: LinkedCheck[];
  grade: {
    status: string;
    score: number | null;
    passed: boolean | null;
    completion: number | null;
    safety: number;
    robustness: number;
    mode: string;
    pass_threshold: number;
  } | null;
  violations: { violation: unknown; steps: number[] }[];
  audit_calls: number;
  state: CollectionDiff[];
  files: { path: string; status: string; diff: { op: string; text: string }[] }[];
  state_note?: string;
  task_link: { set: string; task: string } | null;
}

export interface TaskRow {
  id: string;
  title: string;
  family: string;
  difficulty: string;
  capabilities: string[];
  scenario: string;
  file: string;
  released: boolean;
  codes: string[];
}

// /api/corpus/<set> (src/view/corpus-figures.ts)
export interface Figure {
  name: string;
  value: number | null;
  limit: string;
  ok: boolean | null;
}

export interface CorpusData {
  id: string;
  dir: string;
  files: number;
  bytes: number;
  invalid: number;
  tasks: number;
  coverage: { family: Record<string, number>; capability: Record<string, number>; difficulty: Record<string, number> };
  corpus: {
    tasks: number;
    released_share: number | null;
    domains: [number, number];
    capabilities: [number, number];
    cells: [number, number];
    workspace_share: number;
    user_share: number;
    state_change_share: number;
    distinct_tool_sequences: number | null;
    distinct_request_skeletons: number | null;
    duplicate_requests: number | null;
    in_band_share: number;
  };
  substance: {
    figures: Figure[];
    ok: boolean;
    pictures: { needed: number };
    languages: { multilingual: number; by: Record<string, number> };
  };
  near_duplicates: {
    threshold: number;
    clusters: number;
    tasks_in_clusters: number;
    largest: number;
    examples: { first: string; size: number; ids: string[] }[];
  };
  synth: {
    plan: string;
    jobs: number;
    accepted: number;
    rejected: number;
    release_rate: number;
    mean_kill_rate: number | null;
    rejected_by_code: Record<string, number>;
    probes: Record<string, { tasks: number; pass_rate: number; mean_score: number }>;
  } | null;
}
