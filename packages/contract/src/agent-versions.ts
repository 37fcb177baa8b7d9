// Agent versions, branches and the traffic split across them.

/** The branch every agent starts with; it takes all traffic until a deployment says otherwise. */
export const AGENT_MAIN_BRANCH_NAME = 'Main'
/** A deployment's percentages must add up to this. */
export const AGENT_TRAFFIC_TOTAL = 100
export const AGENT_BRANCH_NAME_MAX = 140
export const AGENT_BRANCH_DESCRIPTION_MAX = 2000
/** How many of a branch's newest versions its GET shows. */
export const AGENT_BRANCH_RECENT_VERSIONS = 10
export const AGENT_DEPLOYMENTS_PAGE_SIZE_DEFAULT = 30
export const AGENT_BRANCH_PROTECTION = ['writer_perms_required', 'admin_perms_required'] as const
export const AGENT_TRAFFIC_RULE = `Traffic percentages must add up to ${AGENT_TRAFFIC_TOTAL}.`
