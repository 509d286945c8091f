/**
 * What a parser or validator of typed input answers: the cleaned value, or the message to show
 * beside the field. Bad input is an answer, never an exception.
 */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

export const accept = <T>(value: T): Checked<T> => ({ ok: true, value });
export const refuse = <T = never>(message: string): Checked<T> => ({ ok: false, message });
