// mergePatch applies a JSON merge patch (RFC 7386), as the live stream sends
// its changes: an object merges field by field at every level, a field set to
// null is removed, any other value (an array too) replaces the field whole.
// It returns the patched value and leaves target as it was.
export function mergePatch(target, patch) {
  if (patch === null || typeof patch !== "object" || Array.isArray(patch)) {
    return patch;
  }
  const out = target && typeof target === "object" && !Array.isArray(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) {
      delete out[k];
    } else {
      out[k] = mergePatch(out[k], v);
    }
  }
  return out;
}
