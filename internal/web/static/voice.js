// The board's voice: when switched on (a button, remembered in the
// browser), each new number is said twice in French. The browser's own
// French voice is used when it works offline (localService); otherwise the
// recordings the server ships (scripts/voices.sh, from espeak-ng), one
// per number, each played twice. Browsers speak only after a click or a
// key on the page: a board reloaded with the voice on says so on its
// button until someone touches it.

const key = "loto.tableau.voix";
const gapMS = 700; // between the two sayings of a number

// frenchVoice is the browser's French voice that needs no network, or
// null: "Google français", which does, is not one.
function frenchVoice() {
  if (!("speechSynthesis" in window)) return null;
  const voices = speechSynthesis.getVoices().filter((v) => v.localService && v.lang.toLowerCase().startsWith("fr"));
  return voices.find((v) => v.lang.toLowerCase() === "fr-fr") || voices[0] || null;
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// Voice is the button and what it says.
export class Voice {
  // button holds its French words in data-on, data-off and data-blocked;
  // base is where the recordings are ("/tableau/voix/", then "42.ogg").
  constructor(button, base) {
    this.button = button;
    this.base = base;
    this.audio = new Audio();
    this.audio.preload = "none";
    this.turn = 0; // a new number stops the saying of the one before
    this.on = localStorage.getItem(key) === "1";
    // A page reloaded with the voice on cannot speak until touched.
    this.blocked = this.on && !!navigator.userActivation && !navigator.userActivation.hasBeenActive;
    button.addEventListener("click", () => this.toggle());
    // Any touch of the page lets the browser speak again.
    for (const ev of ["pointerdown", "keydown"]) {
      addEventListener(ev, () => {
        if (this.blocked) {
          this.blocked = false;
          this.show();
        }
      });
    }
    this.show();
  }

  toggle() {
    this.on = !this.on;
    this.blocked = false;
    localStorage.setItem(key, this.on ? "1" : "0");
    if (!this.on) this.stop();
    this.show();
  }

  show() {
    const b = this.button;
    // The words say the state (never a colour alone); the button's name
    // is its state, so it has no aria-pressed besides.
    b.dataset.state = !this.on ? "off" : this.blocked ? "blocked" : "on";
    b.textContent = b.dataset[b.dataset.state];
  }

  stop() {
    this.turn++;
    this.audio.pause();
    if ("speechSynthesis" in window) speechSynthesis.cancel();
  }

  // say says the number n twice, if the voice is on.
  async say(n) {
    if (!this.on) return;
    this.stop();
    const turn = this.turn;
    if (navigator.userActivation && !navigator.userActivation.hasBeenActive) {
      this.blocked = true;
      this.show();
      return;
    }
    const voice = frenchVoice();
    if (voice) {
      for (let i = 0; i < 2; i++) {
        const u = new SpeechSynthesisUtterance(String(n));
        u.lang = voice.lang;
        u.voice = voice;
        u.rate = 0.9;
        speechSynthesis.speak(u); // queued: the second after the first
      }
      return;
    }
    this.audio.src = this.base + n + ".ogg";
    for (let i = 0; i < 2 && turn === this.turn; i++) {
      if (i > 0) await sleep(gapMS);
      if (turn !== this.turn) return;
      try {
        await this.played();
      } catch (e) {
        if (e && e.name === "NotAllowedError") {
          this.blocked = true;
          this.show();
        }
        return;
      }
    }
  }

  // played plays the recording from its start and resolves at its end.
  played() {
    const a = this.audio;
    a.currentTime = 0;
    return new Promise((done, fail) => {
      const end = () => {
        a.removeEventListener("ended", end);
        a.removeEventListener("error", end);
        done();
      };
      a.addEventListener("ended", end);
      a.addEventListener("error", end);
      a.play().catch((e) => {
        a.removeEventListener("ended", end);
        a.removeEventListener("error", end);
        fail(e);
      });
    });
  }
}
