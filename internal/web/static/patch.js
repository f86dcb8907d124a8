// mergePatch applies a JSON merge patch (RFC 7386), as the stream sends
// its changes: a null deletes a member, an object merges into the
// target's, anything else replaces it. The target is not changed.
export function mergePatch(target, patch) {
	if (patch === null || typeof patch !== "object" || Array.isArray(patch)) return patch;
	const out = target && typeof target === "object" && !Array.isArray(target) ? { ...target } : {};
	for (const [k, v] of Object.entries(patch)) {
		if (v === null) delete out[k];
		else out[k] = mergePatch(out[k], v);
	}
	return out;
}
