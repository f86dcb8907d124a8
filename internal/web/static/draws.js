// The draw of docs/draws.md, recomputed in the phone from a game's revealed
// seed: the n-th number of game g reads the stream of blocks
// HMAC-SHA256(seed, "loto/draw/v1" || uint64be(g) || uint32be(n) || uint32be(j)),
// j = 0, 1, ..., keeps each byte below the largest multiple of k (the count
// of numbers not yet out), and takes the (byte mod k)-th of those numbers in
// ascending order. SHA-256 is written here rather than taken from
// crypto.subtle, which a browser gives only to a secure context: the
// hall's phones reach the server over plain http on its address.

const K = new Uint32Array([
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const w = new Uint32Array(64);

// compress folds one 64-byte block of data at offset off into the state h.
function compress(h, data, off) {
	for (let i = 0; i < 16; i++) {
		const o = off + 4 * i;
		w[i] = (data[o] << 24) | (data[o + 1] << 16) | (data[o + 2] << 8) | data[o + 3];
	}
	for (let i = 16; i < 64; i++) {
		const a = w[i - 15], b = w[i - 2];
		const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
		const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
		w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
	}
	let [a, b, c, d, e, f, g, hh] = h;
	for (let i = 0; i < 64; i++) {
		const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
		const ch = (e & f) ^ (~e & g);
		const t1 = (hh + S1 + ch + K[i] + w[i]) | 0;
		const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
		const maj = (a & b) ^ (a & c) ^ (b & c);
		const t2 = (S0 + maj) | 0;
		hh = g;
		g = f;
		f = e;
		e = (d + t1) | 0;
		d = c;
		c = b;
		b = a;
		a = (t1 + t2) | 0;
	}
	h[0] += a; h[1] += b; h[2] += c; h[3] += d;
	h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

// sha256 returns the SHA-256 of the bytes data (a Uint8Array).
export function sha256(data) {
	const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
	const n = data.length;
	const full = n - (n % 64);
	for (let off = 0; off < full; off += 64) compress(h, data, off);
	// The tail, the bit 1, zeros, and the length in bits on 64 bits.
	const tail = new Uint8Array(n % 64 < 56 ? 64 : 128);
	tail.set(data.subarray(full));
	tail[n % 64] = 0x80;
	const bits = n * 8;
	const end = tail.length;
	tail[end - 5] = Math.floor(bits / 2 ** 32) & 0xff;
	for (let i = 0; i < 4; i++) tail[end - 1 - i] = (bits >>> (8 * i)) & 0xff;
	for (let off = 0; off < end; off += 64) compress(h, tail, off);
	const out = new Uint8Array(32);
	for (let i = 0; i < 8; i++) {
		out[4 * i] = h[i] >>> 24;
		out[4 * i + 1] = h[i] >>> 16;
		out[4 * i + 2] = h[i] >>> 8;
		out[4 * i + 3] = h[i];
	}
	return out;
}

// hmacSha256 returns HMAC-SHA256(key, message), both Uint8Arrays (RFC 2104).
export function hmacSha256(key, message) {
	if (key.length > 64) key = sha256(key);
	const inner = new Uint8Array(64 + message.length);
	const outer = new Uint8Array(64 + 32);
	for (let i = 0; i < 64; i++) {
		const k = i < key.length ? key[i] : 0;
		inner[i] = k ^ 0x36;
		outer[i] = k ^ 0x5c;
	}
	inner.set(message, 64);
	outer.set(sha256(inner), 64);
	return sha256(outer);
}

// fromHex reads lower- or upper-case hexadecimal; null if it is not.
export function fromHex(text) {
	if (typeof text !== "string" || text.length % 2 || /[^0-9a-fA-F]/.test(text)) return null;
	const out = new Uint8Array(text.length / 2);
	for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
	return out;
}

// toHex writes bytes in lower-case hexadecimal, as the journal does.
export function toHex(bytes) {
	return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const drawPrefix = new TextEncoder().encode("loto/draw/v1");

// nextNumber is the number the seed draws for game after the numbers
// drawn (a Set, of size n): the (n+1)-th number of the game.
export function nextNumber(seed, game, drawn) {
	const left = 90 - drawn.size;
	if (left <= 0) return 0;
	const msg = new Uint8Array(drawPrefix.length + 8 + 4 + 4);
	msg.set(drawPrefix);
	const view = new DataView(msg.buffer);
	let at = drawPrefix.length;
	view.setUint32(at, Math.floor(game / 2 ** 32));
	view.setUint32(at + 4, game >>> 0);
	view.setUint32(at + 8, drawn.size);
	at += 12;
	const limit = 256 - (256 % left);
	let i = -1;
	for (let j = 0; i < 0; j++) {
		view.setUint32(at, j);
		for (const b of hmacSha256(seed, msg)) {
			if (b < limit) {
				i = b % left;
				break;
			}
		}
	}
	for (let n = 1; n <= 90; n++) {
		if (drawn.has(n)) continue;
		if (i === 0) return n;
		i--;
	}
	return 0;
}

// checkDraws recomputes, from the seed (hex), each number of the game
// after those recorded before it, and returns the first difference:
// {index, want, got} (index from 0, want the seed's number, got the
// recorded one), or null when every recorded number is the seed's.
export function checkDraws(seedHex, game, recorded) {
	const seed = fromHex(seedHex);
	if (!seed) throw new Error("graine illisible");
	const drawn = new Set();
	for (let k = 0; k < recorded.length; k++) {
		const want = nextNumber(seed, game, drawn);
		if (want !== recorded[k]) return { index: k, want, got: recorded[k] };
		drawn.add(recorded[k]);
	}
	return null;
}

// drawAll returns the count first numbers the seed (bytes) draws for game.
export function drawAll(seed, game, count) {
	const drawn = new Set(), out = [];
	for (let k = 0; k < count; k++) {
		const n = nextNumber(seed, game, drawn);
		drawn.add(n);
		out.push(n);
	}
	return out;
}
