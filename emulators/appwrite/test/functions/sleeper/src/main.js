export default async ({ res }) => { await new Promise((r) => setTimeout(r, 60_000)); return res.empty(); };
