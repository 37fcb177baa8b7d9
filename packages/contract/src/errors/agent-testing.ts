import { TEST_LAST_MESSAGE_RULE, TEST_REGEX_RULE } from '../agent-testing.js'

// Error codes of agent tests, their folders and their runs.
export const AGENT_TESTING_ERRORS = {
  agent_test_not_found: { status: 404, message: 'The test does not exist.' },
  agent_test_folder_not_found: { status: 404, message: 'The test folder does not exist.' },
  agent_test_invalid: { status: 422, message: 'The test is not valid.' },
  agent_test_last_message: { status: 422, message: TEST_LAST_MESSAGE_RULE },
  agent_test_regex_invalid: { status: 422, message: `The regex does not compile. ${TEST_REGEX_RULE}` },
  agent_test_folder_not_empty: {
    status: 409,
    message: 'The folder is not empty. Delete it with force to remove what it holds.',
  },
  test_invocation_not_found: { status: 404, message: 'The test run does not exist.' },
  test_invocation_finished: { status: 409, message: 'The test run has already finished.' },
} as const
