// Standard base64 (with padding) of bytes, through atob/btoa, which Node and every browser have.

export const toBase64 = (bytes: Uint8Array): string => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));

/** Throws on anything that is not standard base64. */
export function fromBase64(text: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4) throw new Error('not base64');
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}
