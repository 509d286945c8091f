/**
 * Reads until `done` says yes: for what a function, a webhook or a scheduled run writes after the
 * call that started it has answered. Fails naming `what` and the last value read.
 */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what = 'the condition', ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 1000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
