/**
 * Resolves in a task of its own: the work after it runs after whatever the
 * current task still does (a render, the other requests of the same
 * commit), so start-up is many short tasks instead of a few long ones
 * (Lighthouse's Total Blocking Time counts each task's time over 50 ms at 4×
 * CPU). A message, not a timer: a hidden tab throttles timers to once a
 * second (or a minute), not messages.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}
