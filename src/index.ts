/**
 * CoworkEnv public API.
 * @example
 * const { spec } = parseSpecText(yamlText);
 * const trajectory = await runEpisode({ spec, agent: referenceAgent(spec), seed: 1 });
 * console.log(trajectory.grade?.score);
 * @module
 */
export { noisyAgent, type NoisyOptions } from './agent/noisy.js';
export { referenceAgent, scriptedAgent } from './agent/reference.js';
export { runEpisode, type RunEpisodeOptions } from './agent/rollout.js';
export { specHash } from './schema/canonical-json.js';
export type { Agent, AgentTurn, AgentView, UserSimulator, UserReply } from './env/turns.js';
export { InfraError } from './agent/types.js';
export { createEpisode, Episode, type EpisodeOptions } from './env/episode.js';
export type { Audit, AuditCall, CallResult } from './env/types.js';
export { grade, type GradeOptions } from './grade/grade.js';
export { passAtK, passHatK, summarize, type Metrics } from './grade/metrics.js';
export type { Judge, JudgeRequest, JudgeVerdict } from './grade/types.js';
export { loadSpecs, readTaskFiles } from './run/task-files.js';
export { catalogText, describeCatalog, openAiTool, toolJsonSchema } from './services/catalog.js';
export { getService, resolveTool, SERVICE_NAMES, SERVICES } from './services/registry.js';
export { ToolError } from './services/tool-error.js';
export type { ServiceDef, ToolContext, ToolDef } from './services/types.js';
export { canonicalJson, hashValue } from './schema/canonical-json.js';
export { CHECK_KINDS, type Check, type CheckKind } from './schema/check-kinds.js';
export type { Diagnostic } from './schema/diagnostics.js';
export { CoworkError, type CoworkErrorCode } from './schema/errors.js';
export { checkSpecValue, parseSpecText } from './schema/parse-spec.js';
export { CAPABILITIES, SCENARIOS } from './schema/taxonomy.js';
export { TaskSpec, type TaskSpecInput } from './schema/task-spec.js';
export { Trajectory, type Grade } from './schema/trajectory.js';
export { GATE_STEPS, type GateReport, runGate } from './validate/index.js';
