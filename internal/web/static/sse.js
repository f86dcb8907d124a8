// A Server-Sent Events reader over fetch, with a watchdog. EventSource
// never tells a script about the stream's comments, so a page cannot see
// the heartbeat the server sends (": heartbeat", every 15 s by default), and a connection that died silently (a phone's Wi-Fi
// that lost the access point without a reset) never errors: the page
// waits forever. Read with fetch, every byte counts as a sign of life, the
// heartbeat's interval is learned from the stream itself, and no byte for
// 2.5 heartbeats means the connection is dead: it is dropped and opened
// again, resuming with Last-Event-ID as EventSource would.

// defaultBeat is the broker's heartbeat when none was heard yet, in ms:
// a server whose heartbeat were past 2.5 times this would be taken for
// dead before its first one.
const defaultBeat = 15000;
// patience is how many heartbeats may go unheard before the stream is
// taken for dead: one late heartbeat is no death.
const patience = 2.5;

// follow reads the Server-Sent Events at url until close: onMessage(type,
// data) for each message, onOpen() once the stream answers, onLost() when
// it is lost (an error, its end, or the watchdog), before it is opened
// again; restart() opens it again at once (the network is back). A stream
// the server refuses (401, 403: a removed device, an ended session) is not
// opened again: onRefused(answer) gets the server's refusal, which trying
// again would only repeat.
export function follow(url, { onMessage, onOpen, onLost, onRefused }) {
  let lastId = "";
  let retry = 2000; // ms, or the server's retry field
  // gaps are the last times between two heartbeats, in ms; the largest
  // is taken for the interval, so that two heartbeats a slow network
  // delivered together do not make the watchdog hasty.
  let gaps = [];
  const beat = () => (gaps.length ? Math.max(...gaps) : defaultBeat);
  let ctl = null;
  let watchdog = 0;
  let again = 0;

  // alive re-arms the watchdog: something came, or the connection starts.
  const alive = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      onLost();
      start();
    }, patience * beat());
  };

  const stop = () => {
    clearTimeout(watchdog);
    clearTimeout(again);
    if (ctl) ctl.abort();
    ctl = null;
  };

  async function start() {
    stop();
    const mine = new AbortController();
    ctl = mine;
    alive();
    try {
      const headers = { Accept: "text/event-stream" };
      if (lastId) headers["Last-Event-ID"] = lastId;
      const r = await fetch(url, { headers, cache: "no-store", credentials: "same-origin", signal: mine.signal });
      if ((r.status === 401 || r.status === 403) && onRefused) {
        const answer = await r.json().catch(() => ({}));
        if (ctl !== mine) return;
        stop();
        onRefused(answer);
        return;
      }
      if (!r.ok || !r.body) throw new Error(`erreur ${r.status}`);
      onOpen();
      await read(r.body, mine);
      throw new Error("fin du direct");
    } catch {
      if (ctl !== mine) return; // closed or restarted meanwhile
      stop();
      onLost();
      again = setTimeout(start, retry);
    }
  }

  // read parses the stream's lines as the SSE format says: a field per
  // line, a message ended by an empty line, a comment after a colon.
  async function read(body, mine) {
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    let rest = "";
    let type = "";
    let data = [];
    let heard = 0; // when this connection's last heartbeat came
    for (;;) {
      const { value, done } = await reader.read();
      if (done || ctl !== mine) return;
      alive();
      const lines = (rest + value).split("\n");
      rest = lines.pop();
      for (let line of lines) {
        if (line.endsWith("\r")) line = line.slice(0, -1);
        if (line === "") {
          if (data.length) onMessage(type || "message", data.join("\n"));
          type = "";
          data = [];
        } else if (line.startsWith(":")) {
          // A heartbeat: the server sends one every interval (or, over
          // HTTP/2, after an interval of silence); a gap past 2 min is the
          // phone's sleep, not the server's interval.
          const now = Date.now();
          const gap = now - heard;
          if (heard && gap > 50 && gap < 120000) {
            gaps = [...gaps.slice(-2), gap];
            alive();
          }
          heard = now;
        } else {
          const i = line.indexOf(":");
          const field = i < 0 ? line : line.slice(0, i);
          let v = i < 0 ? "" : line.slice(i + 1);
          if (v.startsWith(" ")) v = v.slice(1);
          if (field === "event") type = v;
          else if (field === "data") data.push(v);
          else if (field === "id") lastId = v;
          else if (field === "retry" && /^\d+$/.test(v)) retry = Number(v);
        }
      }
    }
  }

  start();
  return { restart: start, close: stop };
}

// keepUp ties a stream to the device's network and the page's life: no
// network at all closes it and offline() says so; the network back, the
// page shown again (a phone that woke up) or restored from the
// back-forward cache open it again at once, without waiting for the
// watchdog.
export function keepUp(stream, offline) {
  window.addEventListener("offline", () => {
    stream.close();
    offline();
  });
  window.addEventListener("online", stream.restart);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") stream.restart();
  });
  window.addEventListener("pageshow", (e) => {
    if (e.persisted) stream.restart();
  });
}

// reread returns a reader of what a stream's move announces: run() calls
// read(), and calls it once more after when run() came again while read()
// ran (the journal moved meanwhile), until no call came, or read() returned
// false (the page stops); busy() says whether read() runs, failed() is
// called when it throws (the server unreachable).
export function reread(read, failed) {
  let reading = false;
  let again = false;
  async function run() {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        if ((await read()) === false) return;
      } while (again);
    } catch {
      failed();
    } finally {
      reading = false;
    }
  }
  return { run, busy: () => reading };
}
