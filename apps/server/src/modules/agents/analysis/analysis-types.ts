// The analysis of a finished conversation, shaped exactly as the public API returns it
// (ConversationHistoryAnalysisCommonModel): outcome, summary, per-criterion and per-item results.

export type EvaluationResult = 'success' | 'failure' | 'unknown'

export interface CriterionResult {
  criteria_id: string
  result: EvaluationResult
  rationale: string
}

export interface DataCollectionResult {
  data_collection_id: string
  value: unknown
  json_schema: Record<string, unknown>
  rationale: string
}

export interface ConversationAnalysis {
  call_successful: EvaluationResult
  transcript_summary: string
  evaluation_criteria_results: Record<string, CriterionResult>
  data_collection_results: Record<string, DataCollectionResult>
}

/** One evaluation criterion of an agent (`platform_settings.evaluation.criteria[]`). */
export interface Criterion {
  id: string
  name: string
  goal: string
}

/** One data collection item (`platform_settings.data_collection[id]`, a literal JSON schema). */
export interface DataItem {
  id: string
  schema: Record<string, unknown>
}

/** A transcript line the analysis reads: who spoke and what (tool calls named by their tool). */
export interface Line {
  role: 'user' | 'agent'
  text: string
  tools: string[]
}

/** What is analysed: the agent's name, the lines, and how the call went. */
export interface Finished {
  agentName: string
  lines: Line[]
  seconds: number
  failed: boolean
}

/** One way of judging: the agent's language model, or the written rules without one. */
export interface Judge {
  criterion(finished: Finished, criterion: Criterion): Promise<CriterionResult>
  item(finished: Finished, item: DataItem): Promise<DataCollectionResult>
  summary(finished: Finished): Promise<string>
  /** The outcome when the agent has no criteria. */
  overall(finished: Finished): Promise<EvaluationResult>
}

/** The call's outcome: any failed criterion fails it; all passed passes it. */
export function outcomeOf(results: CriterionResult[], failed: boolean): EvaluationResult | null {
  if (failed || results.some((r) => r.result === 'failure')) return 'failure'
  if (results.length === 0) return null
  return results.every((r) => r.result === 'success') ? 'success' : 'unknown'
}
