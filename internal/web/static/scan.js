// Reading codes on the pages that take a card, a ticket or a receipt: the
// device's camera reads a QR code (scanQR), and a text input takes what a
// USB barcode scanner types, ending with Enter (acceptScanner). The
// controllers', the desk's and the door's pages share it.
//
// The browser's BarcodeDetector reads the code where the browser has one
// (Chrome on Android, Safari); elsewhere (Chromium and Firefox on a laptop)
// jsQR, vendored from npm with its licence under vendor/, reads frames drawn
// on a canvas. jsQR is loaded only then: it weighs 250 KB.

// ScanError is a reason the camera cannot read, in French.
export class ScanError extends Error {}

// cameraUsable reports whether the page may ask for a camera at all:
// browsers give one only to a secure page (https, or this computer itself).
export function cameraUsable() {
  return Boolean(window.isSecureContext && navigator.mediaDevices && navigator.mediaDevices.getUserMedia);
}

// frameInterval is the time between two frames read, in milliseconds:
// about ten a second finds a code held up to the camera at once, and
// leaves a phone's processor cool.
const frameInterval = 100;

// maxSide bounds the frame jsQR reads: a card's code fills much of the
// frame, and a smaller picture is read several times faster.
const maxSide = 640;

// decoderFor returns a function reading a QR code's text in the video's
// current frame, or null when it shows none, and the decoder's name.
async function decoderFor(video, force) {
  if (force !== "jsqr" && "BarcodeDetector" in window) {
    try {
      const formats = await window.BarcodeDetector.getSupportedFormats();
      if (formats.includes("qr_code")) {
        const d = new window.BarcodeDetector({ formats: ["qr_code"] });
        return {
          name: "barcodedetector",
          read: async () => {
            const found = await d.detect(video);
            return found.length ? found[0].rawValue : null;
          },
        };
      }
    } catch {
      // A detector that cannot start leaves the reading to jsQR.
    }
  }
  await import("./vendor/jsqr.js");
  const jsQR = self.jsQR;
  const canvas = document.createElement("canvas");
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  return {
    name: "jsqr",
    read: async () => {
      const w = video.videoWidth;
      const h = video.videoHeight;
      if (!w || !h) {
        return null;
      }
      const scale = Math.min(1, maxSide / Math.max(w, h));
      canvas.width = Math.round(w * scale);
      canvas.height = Math.round(h * scale);
      ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
      const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const code = jsQR(img.data, img.width, img.height, { inversionAttempts: "dontInvert" });
      return code && code.data ? code.data : null;
    },
  };
}

// cameraError says in French why the camera did not open.
function cameraError(e) {
  switch (e && e.name) {
    case "NotAllowedError":
    case "SecurityError":
      return new ScanError("caméra refusée : l'autoriser pour cette page dans le navigateur, ou taper le numéro");
    case "NotFoundError":
    case "OverconstrainedError":
      return new ScanError("aucune caméra sur cet appareil : taper le numéro ou utiliser une douchette");
    case "NotReadableError":
      return new ScanError("caméra occupée par une autre application : la fermer, puis recommencer");
    default:
      return new ScanError("caméra indisponible : " + ((e && e.message) || e));
  }
}

// openCamera shows the back camera in video and returns the decoder of
// its frames and a function that stops it. It rejects with a ScanError
// when there is no camera to use, and with an AbortError when signal
// aborts meanwhile. The video element gets data-decoder, the decoder used.
async function openCamera(video, signal, decoder) {
  if (!cameraUsable()) {
    throw new ScanError(
      "la caméra n'est permise qu'à une page sécurisée (https) ou ouverte sur l'ordinateur du serveur : taper le numéro ou utiliser une douchette",
    );
  }
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
  } catch (e) {
    throw cameraError(e);
  }
  const stop = () => {
    stream.getTracks().forEach((t) => t.stop());
    video.srcObject = null;
  };
  try {
    if (signal && signal.aborted) {
      throw new DOMException("fermée", "AbortError");
    }
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    await video.play();
    const d = await decoderFor(video, decoder);
    video.dataset.decoder = d.name;
    return { read: d.read, stop };
  } catch (e) {
    stop();
    throw e;
  }
}

// pause waits ms, or until signal aborts.
function pause(ms, signal) {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      if (signal) {
        signal.removeEventListener("abort", done);
      }
      resolve();
    };
    const timer = setTimeout(done, ms);
    if (signal) {
      signal.addEventListener("abort", done, { once: true });
    }
  });
}

// readOne reads the current frame's code, null when it shows none: a frame
// that cannot be read (not yet decoded) shows none.
async function readOne(cam) {
  try {
    return await cam.read();
  } catch {
    return null;
  }
}

// scanQR shows the back camera in video and resolves with the text of the
// first QR code it reads, then stops the camera. It rejects with a
// ScanError when there is no camera to use, and with an AbortError when
// signal aborts (the person closed the camera). The option decoder "jsqr"
// skips BarcodeDetector.
export async function scanQR(video, { signal, decoder } = {}) {
  const cam = await openCamera(video, signal, decoder);
  try {
    for (;;) {
      if (signal && signal.aborted) {
        throw new DOMException("fermée", "AbortError");
      }
      const text = await readOne(cam);
      if (text) {
        return text;
      }
      await pause(frameInterval, signal);
    }
  } finally {
    cam.stop();
  }
}

// watchQR shows the back camera in video and calls onCode with the text of
// each QR code it reads, until signal aborts; it then stops the camera and
// resolves. It rejects as scanQR does when the camera cannot open. onCode
// may return a promise: no frame is read until it settles. A code held in
// front of the camera is told once: the same text is told again only once
// it was out of sight for quiet milliseconds (a queue of tickets, each
// shown in turn, is told code by code).
export async function watchQR(video, onCode, { signal, decoder, quiet = 2000 } = {}) {
  const cam = await openCamera(video, signal, decoder);
  let last = null;
  let seen = 0;
  try {
    while (!(signal && signal.aborted)) {
      const text = await readOne(cam);
      if (text) {
        const again = text === last && Date.now() - seen < quiet;
        last = text;
        if (!again) {
          await onCode(text);
        }
        seen = Date.now();
      }
      await pause(frameInterval, signal);
    }
  } finally {
    cam.stop();
  }
}

// A USB scanner types a code as a keyboard does, key by key: one set for
// a US keyboard, on a computer set for a French (AZERTY) one, presses the
// keys of "A-000123-K7" and the computer reads "Q)ààà&é\")Kè" (the digits
// of the top row unshifted, A and Q, Z and W swapped, "-" as ")", ":" as
// "M", M as "?"). usKeys maps such a text back, key by key.
const usKeys = {
  "&": "1", "é": "2", '"': "3", "'": "4", "(": "5", "-": "6", "è": "7", "_": "8", "ç": "9", "à": "0",
  ")": "-", A: "Q", Q: "A", Z: "W", W: "Z", M: ":", "?": "M",
};

// typedCode is the code a scanner meant, from what it typed: a text made
// only of capitals and AZERTY's top row, with six of its digits at least
// (every card, plate and ticket code has six), was typed by a US-layout
// scanner on an AZERTY computer, and is mapped back; any other text (a
// code typed right, a name or a phone to look up: "N'DIAYE", "Zoé") is
// left as it is.
export function typedCode(text) {
  const keys = [...text];
  const digits = keys.filter((c) => "&é\"'(-è_çà".includes(c)).length;
  if (digits < 6 || !keys.every((c) => c in usKeys || (c >= "A" && c <= "Z"))) {
    return text;
  }
  return keys.map((c) => usKeys[c] || c).join("");
}

// acceptScanner calls onCode with the trimmed text of input when Enter
// ends it: typed by hand, or by a USB barcode scanner, which types the
// code as a keyboard does and presses Enter. In a form it takes the
// form's submission (its button works too), else the Enter key. Empty
// text is ignored. onCode may return a promise; while it runs, the code
// stays in the field (onCode clears it, or selects it for correction),
// so a scanner's next code is typed after it: that next code waits its
// turn and is handled after, never dropped, while a second Enter on the
// same code adds nothing, so a double Enter records nothing twice.
// onWait, if given, is told of each code that waits.
export function acceptScanner(input, onCode, onWait) {
  let current = null; // the code onCode is handling
  const waiting = [];
  const handle = async (text) => {
    current = text;
    try {
      await onCode(text);
    } finally {
      current = null;
    }
    if (waiting.length > 0) {
      const next = waiting.shift();
      input.value = next;
      handle(next);
    }
  };
  const take = (e) => {
    e.preventDefault();
    let text = input.value.trim();
    if (current !== null) {
      // The field holds the code being handled, then what came since.
      if (text.startsWith(current)) {
        text = text.slice(current.length).trim();
      }
      text = typedCode(text);
      input.value = current;
      if (text !== "" && text !== current && !waiting.includes(text)) {
        waiting.push(text);
        if (onWait) {
          onWait(text);
        }
      }
      return;
    }
    text = typedCode(text);
    if (text !== "") {
      input.value = text;
      handle(text);
    }
  };
  if (input.form) {
    input.form.addEventListener("submit", take);
  } else {
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && !e.isComposing) {
        take(e);
      }
    });
  }
}
