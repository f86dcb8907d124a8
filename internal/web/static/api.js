// Every page's requests to the API: one fetch with the page's cookie, one
// maker of idempotency keys, and the two ways a request fails (the server
// refused it, or it never reached the server), each with its French message.

// ApiError is a refusal of the server: its code, its HTTP status, its French
// message, and what names the fault: details (the lines at fault) and
// mistakes (an event file's, by line).
export class ApiError extends Error {
  constructor(status, answer = {}) {
    super(answer.message || `erreur ${status}`);
    this.code = answer.code || "internal";
    this.status = status;
    this.details = answer.details || [];
    this.mistakes = answer.mistakes || [];
  }
}

// NetError is a request that never reached the server (the hall's Wi-Fi
// dropped, the laptop is off): nothing was recorded, the same request may
// be sent again with the same key.
export class NetError extends Error {
  constructor() {
    super("serveur injoignable : vérifier le réseau de la salle, puis recommencer");
    this.code = "network";
    this.status = 0;
  }
}

// newKey is an idempotency key of 128 random bits. It is made with
// crypto.getRandomValues, which every page has: crypto.randomUUID exists only
// in a secure context, and a page served over plain http at the hall's
// address (http://192.168.1.10:8080) is none.
export function newKey() {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

// request sends method to path and returns the answer's JSON ({} for 204).
// body is sent as JSON (an object), as text (a string) or as it is (a file,
// a form of files). A write carries key, or a fresh one: a retry of the same
// request with the same key is answered once, never recorded twice.
export async function request(method, path, body, key) {
  const headers = {};
  let data = body;
  if (typeof body === "string") {
    headers["Content-Type"] = "text/plain; charset=utf-8";
  } else if (body !== undefined && !(body instanceof Blob) && !(body instanceof FormData)) {
    headers["Content-Type"] = "application/json";
    data = JSON.stringify(body);
  }
  if (method !== "GET") {
    headers["Idempotency-Key"] = key || newKey();
  }
  let r;
  try {
    r = await fetch(path, { method, credentials: "same-origin", cache: "no-store", headers, body: data });
  } catch {
    throw new NetError();
  }
  const answer = r.status === 204 ? {} : await r.json().catch(() => ({}));
  if (!r.ok) {
    throw new ApiError(r.status, answer);
  }
  return answer;
}

// get reads path.
export const get = (path) => request("GET", path);

// post sends a command with a fresh key.
export const post = (path, body = {}) => request("POST", path, body);
