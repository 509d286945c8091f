export default async () => { throw new Error('boom from function'); };
