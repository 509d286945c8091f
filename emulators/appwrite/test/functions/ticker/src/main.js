export default async ({ req, res }) => res.json({ trigger: req.headers['x-appwrite-trigger'], event: req.headers['x-appwrite-event'] ?? null });
