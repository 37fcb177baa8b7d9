import { isObject, type JsonObject, mergeConfig, pathOf } from '../agent-config.js'
import type { AgentRow } from '../agents.repository.js'
import { conditionHolds, evaluate } from './workflow-conditions.js'
import { exitsOf } from './workflow-graph.js'
import type { Workflow, WorkflowNode } from './workflow-shape.js'

// A workflow run inside one live conversation. It starts at the start node and walks on:
//  - start, tool, say and update_state nodes pass through at once along the first exit whose
//    condition holds (a tool node after its tools ran, deciding result conditions);
//  - an override_agent or standalone_agent node takes the conversation: its configuration
//    answers the caller until, on a later caller message, one of its exits holds; the node the
//    walk lands on then answers that message;
//  - an end node ends the call, a phone_number node transfers it.
// A forward edge without a condition is taken unconditionally. Each user message allows a bounded
// number of steps, so a cycle of pass-through nodes cannot spin forever.

const STEPS_PER_MESSAGE = 20
const SUBAGENT_TYPES = new Set(['override_agent', 'standalone_agent'])

/** What the running conversation does for its workflow. */
export interface WorkflowHost {
  /** The agent (its configuration after client overrides) the conversation was opened with. */
  agent: AgentRow
  baseConfig: JsonObject
  variables: Record<string, unknown>
  /** Gives the conversation a new mind: this configuration, on behalf of this agent. */
  become(agentId: string, config: JsonObject): Promise<void>
  say(text: string): Promise<void>
  /** Runs a tool of the workspace; answers whether it succeeded. */
  callTool(toolId: string, lastUserText: string): Promise<boolean>
  transfer(nodeId: string, node: WorkflowNode): Promise<void>
  end(reason: string): Promise<void>
  /** Records that the edge was taken, into the node. */
  stepped(edgeId: string, targetNodeId: string, latencySecs: number): void
  /** Decides an LLM condition over the conversation so far. */
  judge(condition: string, lastUserText: string): Promise<boolean>
  findAgent(agentId: string): Promise<AgentRow | undefined>
}

export class WorkflowRunner {
  /** The node the conversation is at. */
  current = ''
  readonly visited: string[] = []
  private steps = 0

  constructor(
    private readonly workflow: Workflow,
    private readonly host: WorkflowHost,
  ) {}

  /** Walks from the start node to the first node that talks (or to the end). */
  async start(): Promise<void> {
    const start = Object.entries(this.workflow.nodes).find(([, n]) => n.type === 'start')
    if (!start) return
    this.steps = 0
    await this.enter(start[0], '')
  }

  /** A caller message reached a talking node: it moves on when one of its exits holds. */
  async heard(text: string): Promise<void> {
    this.steps = 0
    await this.advance(text, null)
  }

  private async advance(text: string, toolSucceeded: boolean | null): Promise<boolean> {
    const started = Date.now()
    for (const { id, edge } of exitsOf(this.workflow, this.current)) {
      const forward = edge.source === this.current
      const next = forward ? edge.target : edge.source
      if (this.skipsLoop(next)) continue
      const condition = forward
        ? (edge.forward_condition ?? (edge.backward_condition ? null : { type: 'unconditional' }))
        : edge.backward_condition
      const holds = await conditionHolds(condition, {
        variables: this.host.variables,
        toolSucceeded,
        judge: (c) => this.host.judge(c, text),
      })
      if (!holds) continue
      this.host.stepped(id, next, (Date.now() - started) / 1000)
      await this.enter(next, text)
      return true
    }
    return false
  }

  /** With prevent_subagent_loops, a talking node is not taken twice in one conversation. */
  private skipsLoop(nodeId: string): boolean {
    const node = this.workflow.nodes[nodeId]
    return (
      this.workflow.prevent_subagent_loops &&
      node !== undefined &&
      SUBAGENT_TYPES.has(node.type) &&
      this.visited.includes(nodeId)
    )
  }

  private async enter(nodeId: string, text: string): Promise<void> {
    this.current = nodeId
    this.visited.push(nodeId)
    this.steps += 1
    const node = this.workflow.nodes[nodeId]
    if (!node || this.steps > STEPS_PER_MESSAGE) return
    switch (node.type) {
      case 'start':
        await this.advance(text, null)
        return
      case 'end':
        await this.host.end(`workflow end node ${nodeId}`)
        return
      case 'phone_number':
        await this.host.transfer(nodeId, node)
        return
      case 'override_agent':
        await this.host.become(this.host.agent.id, subagentConfig(this.host.baseConfig, node))
        return
      case 'standalone_agent':
        await this.handOver(node)
        return
      case 'say': {
        const message = node.message as JsonObject
        await this.host.say(String(message.type === 'literal' ? message.text : message.prompt))
        if (node.wait_for_user_response !== true) await this.advance(text, null)
        return
      }
      case 'update_state':
        for (const update of (node.updates as unknown[]) ?? [])
          if (isObject(update) && typeof update.variable_name === 'string')
            this.host.variables[update.variable_name] = evaluate(update.expression, this.host.variables)
        await this.advance(text, null)
        return
      case 'tool': {
        let succeeded = true
        for (const tool of (node.tools as Array<{ tool_id: string }> | undefined) ?? [])
          succeeded = (await this.host.callTool(tool.tool_id, text)) && succeeded
        await this.advance(text, succeeded)
        return
      }
    }
  }

  /** Another agent of the workspace takes the conversation, with its own configuration. */
  private async handOver(node: WorkflowNode): Promise<void> {
    const delay = typeof node.delay_ms === 'number' ? Math.min(node.delay_ms, 10_000) : 0
    if (typeof node.transfer_message === 'string' && node.transfer_message)
      await this.host.say(node.transfer_message)
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay))
    const agentId = typeof node.agent_id === 'string' ? node.agent_id : this.host.agent.id
    const agent = await this.host.findAgent(agentId)
    if (!agent) return
    let config = agent.conversation_config
    if (node.preserve_voice_settings === true) {
      const tts = pathOf(this.host.baseConfig, 'tts')
      if (isObject(tts)) config = mergeConfig(config, { tts })
    }
    await this.host.become(agent.id, config)
    const first = pathOf(config, 'agent', 'first_message')
    if (node.enable_transferred_agent_first_message === true && typeof first === 'string' && first)
      await this.host.say(first)
  }
}

/** An override node's configuration: its overrides merged over the agent's, its goal and extras added. */
export function subagentConfig(base: JsonObject, node: WorkflowNode): JsonObject {
  const merged = mergeConfig(base, isObject(node.conversation_config) ? node.conversation_config : {})
  const prompt = isObject(pathOf(merged, 'agent', 'prompt'))
    ? (pathOf(merged, 'agent', 'prompt') as JsonObject)
    : {}
  const goal = typeof node.additional_prompt === 'string' ? node.additional_prompt.trim() : ''
  const text = String(prompt.prompt ?? '')
  const toolIds = [
    ...((prompt.tool_ids as string[] | undefined) ?? []),
    ...((node.additional_tool_ids as string[]) ?? []),
  ]
  const documents = [
    ...((prompt.knowledge_base as unknown[] | undefined) ?? []),
    ...((node.additional_knowledge_base as unknown[]) ?? []),
  ]
  return mergeConfig(merged, {
    agent: {
      prompt: {
        prompt: goal ? (text ? `${text}\n\n${goal}` : goal) : text,
        tool_ids: [...new Set(toolIds)],
        knowledge_base: documents,
      },
    },
  })
}
