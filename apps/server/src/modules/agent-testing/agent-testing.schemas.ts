import {
  AGENT_TEST_EXAMPLES_MAX,
  AGENT_TEST_HISTORY_MAX,
  AGENT_TEST_MESSAGE_MAX,
  AGENT_TEST_NAME_MAX,
  AGENT_TEST_PARAMETERS_MAX,
  AGENT_TEST_REPEAT_MAX,
  AGENT_TEST_RUNS_MAX,
} from '@timbre/contract'
import { z } from 'zod'

// The public API's shapes for agent tests, their folders and invocations (ElevenLabs' names).

export const json = z.record(z.string(), z.unknown())
const id = z.string().min(1).max(64)

const historyEntry = z
  .object({
    role: z.enum(['user', 'agent']),
    message: z.string().max(AGENT_TEST_MESSAGE_MAX).nullish(),
    time_in_call_secs: z.number().min(0).max(86_400).default(0),
  })
  .passthrough()

const example = (type: 'success' | 'failure') =>
  z.object({ response: z.string().min(1).max(AGENT_TEST_MESSAGE_MAX), type: z.literal(type) })

export const parameterEval = z.discriminatedUnion('type', [
  z.object({ type: z.literal('exact'), expected_value: z.string().max(AGENT_TEST_MESSAGE_MAX) }),
  z.object({ type: z.literal('regex'), pattern: z.string().min(1).max(1000) }),
  z.object({ type: z.literal('llm'), description: z.string().min(1).max(AGENT_TEST_MESSAGE_MAX) }),
  z.object({ type: z.literal('anything') }),
])

const toolCallParameters = z.object({
  parameters: z
    .array(z.object({ path: z.string().min(1).max(200), eval: parameterEval }))
    .max(AGENT_TEST_PARAMETERS_MAX)
    .nullish(),
  referenced_tool: z.object({ id: z.string().min(1).max(100), type: z.string().min(1).max(40) }).nullish(),
  verify_absence: z.boolean().nullish(),
  workflow_node_transition: json.nullish(),
})

export const testBody = z.object({
  type: z.enum(['llm', 'tool', 'simulation']),
  name: z.string().trim().min(1).max(AGENT_TEST_NAME_MAX),
  parent_folder_id: id.nullish(),
  chat_history: z.array(historyEntry).max(AGENT_TEST_HISTORY_MAX).nullish(),
  dynamic_variables: json.nullish(),
  from_conversation_metadata: json.nullish(),
  conversation_initiation_source: z.string().max(40).nullish(),
  environment: z.string().max(100).nullish(),
  success_condition: z.string().max(AGENT_TEST_MESSAGE_MAX).nullish(),
  success_examples: z.array(example('success')).max(AGENT_TEST_EXAMPLES_MAX).nullish(),
  failure_examples: z.array(example('failure')).max(AGENT_TEST_EXAMPLES_MAX).nullish(),
  tool_call_parameters: toolCallParameters.nullish(),
  check_any_tool_matches: z.boolean().nullish(),
})
export type TestBody = z.infer<typeof testBody>

export const testParams = z.object({ test_id: id })
export const folderParams = z.object({ folder_id: id })
export const invocationParams = z.object({ test_invocation_id: id })
export const agentParams = z.object({ agent_id: id })

export const accessInfo = z.object({
  is_creator: z.boolean(),
  creator_name: z.string(),
  creator_email: z.string(),
  role: z.enum(['admin', 'editor', 'viewer']),
})

export const testSummary = z.object({
  id: z.string(),
  name: z.string(),
  access_info: accessInfo.optional(),
  created_at_unix_secs: z.number(),
  last_updated_at_unix_secs: z.number(),
  type: z.string(),
  entity_type: z.enum(['test', 'folder']),
  folder_parent_id: z.string().nullable(),
  folder_path: z.array(z.object({ id: z.string(), name: z.string() })),
  children_count: z.number().optional(),
})

export const listQuery = z.object({
  cursor: z.string().max(200).optional(),
  page_size: z.coerce.number().int().min(1).max(100).default(30),
  search: z.string().max(200).optional(),
  parent_folder_id: id.optional(),
  types: z.union([z.string().max(20), z.array(z.string().max(20)).max(4)]).optional(),
  include_folders: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  sort_mode: z.enum(['default', 'folders_first']).optional(),
  sharing_mode: z.string().max(40).optional(),
  created_by_user_id: z.string().max(64).optional(),
})

export const runTestsBody = z.object({
  tests: z
    .array(
      z.object({
        test_id: id,
        workflow_node_id: z.string().max(100).nullish(),
        root_folder_id: id.nullish(),
        root_folder_name: z.string().max(AGENT_TEST_NAME_MAX).nullish(),
      }),
    )
    .min(1)
    .max(AGENT_TEST_RUNS_MAX),
  agent_config_override: json.nullish(),
  branch_id: id.nullish(),
  repeat_count: z.number().int().min(1).max(AGENT_TEST_REPEAT_MAX).nullish(),
})

export const resubmitBody = z.object({
  test_run_ids: z.array(id).min(1).max(AGENT_TEST_RUNS_MAX),
  agent_config_override: json.nullish(),
  agent_id: id,
  branch_id: id.nullish(),
})

export const invocationListQuery = z.object({
  agent_id: id.optional(),
  branch_id: id.optional(),
  test_id: id.optional(),
  start_time: z.coerce.number().int().min(0).optional(),
  end_time: z.coerce.number().int().min(0).optional(),
  version_id: z.string().max(64).optional(),
  page_size: z.coerce.number().int().min(1).max(100).default(30),
  search: z.string().max(200).optional(),
  cursor: z.string().max(200).optional(),
})
