import { AGENT_TRAFFIC_RULE } from '../agent-versions.js'

// Error codes of agent versions, drafts, branches, deployments and merges.
export const AGENT_VERSIONS_ERRORS = {
  agent_branch_not_found: { status: 404, message: 'The branch does not exist.' },
  agent_version_not_found: { status: 404, message: 'The version does not exist.' },
  agent_draft_not_found: { status: 404, message: 'This branch has no draft.' },
  agent_branch_name_taken: { status: 409, message: 'The agent already has a branch with this name.' },
  agent_traffic_invalid: { status: 422, message: AGENT_TRAFFIC_RULE },
  agent_branch_archived: { status: 409, message: 'The branch is archived.' },
  agent_branch_live: {
    status: 409,
    message: 'The branch takes traffic. Move its traffic to another branch before archiving it.',
  },
  agent_main_branch: { status: 409, message: 'The main branch cannot be archived.' },
  agent_merge_same_branch: { status: 422, message: 'A branch cannot be merged into itself.' },
  agent_merge_conflict: {
    status: 409,
    message:
      'Both branches changed the same settings since they split. Resolve the conflicts or merge with force.',
  },
} as const
