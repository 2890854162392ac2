import type { PanelTone } from './mode';

/**
 * A short, distinct sound per result (no audio file: an oscillator of the Web Audio API), so staff
 * hear the outcome without looking: two rising notes for done, one middle note for "already", a low
 * buzz for refused. Silent where the browser has no Web Audio or blocks it.
 */
interface Note {
  hz: number;
  ms: number;
  wave: OscillatorType;
}

export const TONE_NOTES: Record<Exclude<PanelTone, 'pending'>, Note[]> = {
  success: [
    { hz: 880, ms: 90, wave: 'sine' },
    { hz: 1320, ms: 120, wave: 'sine' },
  ],
  warning: [{ hz: 520, ms: 260, wave: 'triangle' }],
  error: [
    { hz: 180, ms: 180, wave: 'square' },
    { hz: 150, ms: 220, wave: 'square' },
  ],
};

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Ctor = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

export function playTone(tone: PanelTone): void {
  if (tone === 'pending') return;
  const ctx = audio();
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  let at = ctx.currentTime;
  for (const note of TONE_NOTES[tone]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = note.wave;
    osc.frequency.value = note.hz;
    const end = at + note.ms / 1000;
    // A quick fade in and out: no click at the start or the end of the note.
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, end);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(end);
    at = end + 0.03;
  }
}
