// Its trigger and event — answered, and logged: a scheduled execution's response body is not stored.
export default async ({ req, res, log }) => {
  const out = { trigger: req.headers['x-appwrite-trigger'], event: req.headers['x-appwrite-event'] ?? null };
  log(JSON.stringify(out));
  return res.json(out);
};
