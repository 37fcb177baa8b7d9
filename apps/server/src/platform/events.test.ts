import { describe, expect, it } from 'vitest'
import { createTopic } from './events.js'

describe('createTopic', () => {
  it('delivers each event to every subscriber in order and waits for them', async () => {
    const topic = createTopic<number>()
    const heard: string[] = []
    expect(topic.subscribed).toBe(false)
    topic.subscribe(async (n) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      heard.push(`a${n}`)
    })
    const stop = topic.subscribe((n) => {
      heard.push(`b${n}`)
    })
    expect(topic.subscribed).toBe(true)
    await topic.publish(1)
    stop()
    await topic.publish(2)
    expect(heard).toEqual(['a1', 'b1', 'a2'])
  })

  it("passes a subscriber's error to the publisher", async () => {
    const topic = createTopic<string>()
    topic.subscribe(() => {
      throw new Error('refused')
    })
    await expect(topic.publish('x')).rejects.toThrow('refused')
  })
})
