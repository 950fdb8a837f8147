/**
 * The new-order chime, made with Web Audio (no sound file to load). Browsers let a page play sound only
 * after the person has pressed something on it, so the workspace asks once with a "Turn on sound" button;
 * the choice is remembered, and after a reload the button asks again (one press) until sound plays.
 */

type AudioContextClass = typeof AudioContext;

const WANTED_KEY = "mainstreet-manage:sound";

function audioContextClass(): AudioContextClass | null {
  if (typeof window === "undefined") return null;
  return window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext ?? null;
}

export class AlertSound {
  private context: AudioContext | null = null;
  private readonly listeners = new Set<() => void>();

  /** Whether this browser can play the chime at all. */
  get supported(): boolean {
    return audioContextClass() !== null;
  }

  /** Sound is on and the browser lets it play. */
  get on(): boolean {
    return this.context?.state === "running";
  }

  /** The merchant turned sound on before (in this browser), so the button says so. */
  get wanted(): boolean {
    try {
      return window.localStorage.getItem(WANTED_KEY) === "on";
    } catch {
      return false;
    }
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  private remember(on: boolean): void {
    try {
      window.localStorage.setItem(WANTED_KEY, on ? "on" : "off");
    } catch {
      // Private mode: the choice lasts as long as the page.
    }
  }

  /** Call from a click: starts audio and plays the chime once, so the merchant hears what to expect. */
  async turnOn(): Promise<boolean> {
    const Context = audioContextClass();
    if (!Context) return false;
    this.context ??= new Context();
    this.context.onstatechange = () => this.changed();
    if (this.context.state !== "running") await this.context.resume();
    this.remember(true);
    this.changed();
    if (this.on) this.chime();
    return this.on;
  }

  async turnOff(): Promise<void> {
    this.remember(false);
    await this.context?.suspend();
    this.changed();
  }

  /** Two rising tones, about half a second: audible over a kitchen, not alarming. */
  chime(): boolean {
    const context = this.context;
    if (!context || context.state !== "running") return false;
    const start = context.currentTime + 0.02;
    [880, 1320].forEach((frequency, index) => {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      const at = start + index * 0.22;
      oscillator.type = "sine";
      oscillator.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.4, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.2);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.21);
    });
    return true;
  }
}
