// Agent tests: the test kinds, the states of a test run, and the limits of what a test holds.

/** Tests judge a reply in words (llm) or the tool call the agent makes (tool). */
export const AGENT_TEST_TYPES = ['llm', 'tool'] as const
export type AgentTestType = (typeof AGENT_TEST_TYPES)[number]

/** A test run is pending, running, then passed or failed; a cancelled invocation cancels the rest. */
export const TEST_RUN_STATUSES = ['pending', 'running', 'passed', 'failed', 'cancelled'] as const
export type TestRunStatus = (typeof TEST_RUN_STATUSES)[number]

/** How a tool-call test checks one parameter of the call. */
export const TEST_PARAMETER_EVALUATIONS = ['exact', 'regex', 'llm', 'anything'] as const

export const AGENT_TEST_NAME_MAX = 200
export const AGENT_TEST_HISTORY_MAX = 100
export const AGENT_TEST_MESSAGE_MAX = 10_000
export const AGENT_TEST_EXAMPLES_MAX = 20
export const AGENT_TEST_PARAMETERS_MAX = 50
export const AGENT_TEST_FOLDER_DEPTH_MAX = 10
/** Tests one invocation may run (each repeated at most AGENT_TEST_REPEAT_MAX times). */
export const AGENT_TEST_RUNS_MAX = 100
export const AGENT_TEST_REPEAT_MAX = 5

/** The spec's rule on a test's conversation history. */
export const TEST_LAST_MESSAGE_RULE = 'A test should end with a user message.'
/** The spec's rule on regex patterns, said when a pattern does not compile. */
export const TEST_REGEX_RULE = 'Regex in tests uses double-backslash escaping.'
