// Growing a typed array: the buffers of the engine and the searches start small and double when
// full (rarely, and never in the steady state of a search).

/** A copy of `a` with twice the length (the new half zero). */
export function doubled(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
