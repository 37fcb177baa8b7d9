import { z } from 'zod'

// The messages of the conversation socket as the official clients send them. Audio chunks carry
// no type (`{ user_audio_chunk }`); every other message names its type.

const text = z.string().max(20_000)

export const clientMessage = z.union([
  z.object({ user_audio_chunk: z.string().max(2_000_000) }),
  z.object({
    type: z.literal('conversation_initiation_client_data'),
    conversation_config_override: z.record(z.string(), z.unknown()).nullish(),
    custom_llm_extra_body: z.record(z.string(), z.unknown()).nullish(),
    dynamic_variables: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .nullish(),
    environment: z.string().max(100).nullish(),
    user_id: z.string().max(200).nullish(),
  }),
  z.object({ type: z.literal('user_message'), text }),
  z.object({ type: z.literal('contextual_update'), text }),
  z.object({ type: z.literal('user_activity') }),
  z.object({ type: z.literal('pong'), event_id: z.union([z.number(), z.string()]).optional() }),
  z.object({
    type: z.literal('client_tool_result'),
    tool_call_id: z.string().max(200),
    result: z.unknown().optional(),
    is_error: z.boolean().optional(),
  }),
  z.object({
    type: z.literal('feedback'),
    score: z.enum(['like', 'dislike']),
    event_id: z.union([z.number(), z.string()]).optional(),
  }),
])

export type ClientMessage = z.infer<typeof clientMessage>

/** The server's events, shaped as the official clients read them. */
export const serverEvents = {
  metadata: (conversationId: string, outputFormat: string, inputFormat: string) => ({
    type: 'conversation_initiation_metadata',
    conversation_initiation_metadata_event: {
      conversation_id: conversationId,
      agent_output_audio_format: outputFormat,
      user_input_audio_format: inputFormat,
    },
  }),
  agentResponse: (response: string, eventId: number) => ({
    type: 'agent_response',
    agent_response_event: { agent_response: response, event_id: eventId },
  }),
  correction: (original: string, corrected: string, eventId: number) => ({
    type: 'agent_response_correction',
    agent_response_correction_event: {
      original_agent_response: original,
      corrected_agent_response: corrected,
      event_id: eventId,
    },
  }),
  userTranscript: (transcript: string, eventId: number) => ({
    type: 'user_transcript',
    user_transcription_event: { user_transcript: transcript, event_id: eventId },
  }),
  audio: (base64: string, eventId: number) => ({
    type: 'audio',
    audio_event: { audio_base_64: base64, event_id: eventId },
  }),
  interruption: (eventId: number) => ({ type: 'interruption', interruption_event: { event_id: eventId } }),
  ping: (eventId: number, pingMs: number | null) => ({
    type: 'ping',
    ping_event: { event_id: eventId, ping_ms: pingMs },
  }),
  vadScore: (score: number) => ({ type: 'vad_score', vad_score_event: { vad_score: score } }),
  clientToolCall: (toolName: string, toolCallId: string, parameters: unknown) => ({
    type: 'client_tool_call',
    client_tool_call: { tool_name: toolName, tool_call_id: toolCallId, parameters },
  }),
  agentToolResponse: (toolName: string, toolCallId: string, toolType: string, isError: boolean) => ({
    type: 'agent_tool_response',
    agent_tool_response: {
      tool_name: toolName,
      tool_call_id: toolCallId,
      tool_type: toolType,
      is_error: isError,
    },
  }),
  error: (message: string, code = 'invalid_message') => ({
    type: 'error',
    error_event: { error_type: code, message },
  }),
}
