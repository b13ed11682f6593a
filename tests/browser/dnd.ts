import type { Page } from '@playwright/test'

/**
 * Resolves once dnd-kit's keyboard sensor listens for the arrows after a
 * pick-up. Its attach() adds the keydown listener in a timer (core's
 * KeyboardSensor), and Chromium runs input before timers, so on a busy
 * machine an arrow pressed as soon as the pick-up is announced can come
 * first and be lost. A timer set now runs after the sensor's.
 */
export const keyboardDragReady = (page: Page): Promise<void> => page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
