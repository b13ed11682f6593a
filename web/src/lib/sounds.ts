// Short sounds made with Web Audio: nothing to download, nothing played
// unless the user turned the experiment on (lib/experiments.ts).

let audio: AudioContext | null = null

const SOUNDS = {
  /** Two soft rising notes: a focus session or a break ended. */
  chime: { notes: [880, 1318.5], gap: 0.18, length: 0.9, volume: 0.2 },
  /** One short high note: a task was ticked off. */
  tick: { notes: [1567.98], gap: 0, length: 0.12, volume: 0.12 },
} as const

export function playSound(name: keyof typeof SOUNDS): void {
  const sound = SOUNDS[name]
  try {
    audio ??= new AudioContext()
    const start = audio.currentTime
    for (const [i, freq] of sound.notes.entries()) {
      const osc = audio.createOscillator()
      const gain = audio.createGain()
      osc.type = 'sine'
      osc.frequency.value = freq
      const at = start + i * sound.gap
      gain.gain.setValueAtTime(0.0001, at)
      gain.gain.exponentialRampToValueAtTime(sound.volume, at + 0.02)
      gain.gain.exponentialRampToValueAtTime(0.0001, at + sound.length)
      osc.connect(gain).connect(audio.destination)
      osc.start(at)
      osc.stop(at + sound.length + 0.1)
    }
  } catch {
    // No audio output (or blocked until the user interacts): stay silent.
  }
}
