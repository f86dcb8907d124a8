// The door's three sounds, made with WebAudio (no files): a rising pair
// of notes for an admission, three even notes for an admission that needs
// attention, a low falling buzz for a refusal. A switch silences them; the
// choice is kept in this device's localStorage across reloads.

const key = "loto.entree.son";

// soundOn says whether the door plays its sounds (on unless switched off).
export function soundOn() {
  try {
    return localStorage.getItem(key) !== "off";
  } catch {
    return true;
  }
}

// toggleSound switches the sounds off or back on, remembered.
export function toggleSound() {
  try {
    localStorage.setItem(key, soundOn() ? "off" : "on");
  } catch {
    // A browser without storage keeps the sound on.
  }
}

// tunes are each answer's notes: [frequency Hz, start s, length s], a wave.
const tunes = {
  admitted: { wave: "sine", notes: [[660, 0, 0.12], [990, 0.14, 0.2]] },
  attention: { wave: "triangle", notes: [[520, 0, 0.12], [520, 0.18, 0.12], [520, 0.36, 0.12]] },
  refused: { wave: "sawtooth", notes: [[220, 0, 0.25], [150, 0.25, 0.35]] },
};

let ctx = null;

// playSound plays the answer's sound unless switched off, and says whether
// it did. The page calls it from a key or a click, which lets audio start.
export function playSound(kind) {
  const tune = tunes[kind];
  if (!tune || !soundOn()) {
    return false;
  }
  try {
    ctx = ctx || new AudioContext();
    if (ctx.state === "suspended") {
      ctx.resume();
    }
    const t0 = ctx.currentTime + 0.02;
    for (const [freq, at, len] of tune.notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = tune.wave;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0 + at);
      gain.gain.exponentialRampToValueAtTime(0.3, t0 + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + at);
      osc.stop(t0 + at + len + 0.02);
    }
    return true;
  } catch {
    return false;
  }
}
