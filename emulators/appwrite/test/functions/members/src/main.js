// Who ran it — answered, and logged for async executions, whose response body is not stored.
export default async ({ req, res, log }) => {
  const out = { userId: req.headers['x-appwrite-user-id'], hasJwt: req.headers['x-appwrite-user-jwt'] !== '' };
  log(JSON.stringify(out));
  return res.json(out);
};
