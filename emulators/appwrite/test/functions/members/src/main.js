export default async ({ req, res }) => res.json({ userId: req.headers['x-appwrite-user-id'], hasJwt: req.headers['x-appwrite-user-jwt'] !== '' });
