// The calls the workflow tab makes: the agent's workflow saved, the tools and agents it can name.
import { client, settle } from '../../../lib/api'
import type { Workflow } from './workflow-model'
import type { Choice } from './workflow-panel'

export const saveWorkflow = (agentId: string, workflow: Workflow) =>
  settle(
    client.PATCH('/v1/convai/agents/{agent_id}', {
      params: { path: { agent_id: agentId } },
      body: { workflow: workflow as unknown as Record<string, unknown> },
    }),
  )

export const listToolChoices = async (): Promise<Choice[]> => {
  const { tools } = await settle(client.GET('/v1/convai/tools'))
  return (tools as Array<{ id: string; tool_config: { name?: string } }>).map((tool) => ({
    id: tool.id,
    name: tool.tool_config.name ?? tool.id,
  }))
}
