/** A message for the next page, carried across a redirect (see toast.server.ts). */
export type FlashToast = { id: string; type: 'success' | 'error' | 'info'; text: string };

const TYPES: readonly FlashToast['type'][] = ['success', 'error', 'info'];
const MAX_TEXT = 300;

/** Reads a flash toast back from its cookie value; anything malformed is dropped, never shown. */
export function parseFlashToast(raw: string | undefined): FlashToast | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { id, type, text } = value as Record<string, unknown>;
    if (typeof id !== 'string' || typeof text !== 'string' || text === '' || text.length > MAX_TEXT) return null;
    if (!TYPES.includes(type as FlashToast['type'])) return null;
    return { id, type: type as FlashToast['type'], text };
  } catch {
    return null;
  }
}
