// Records what an event-triggered execution receives (headers, body, env) and whether the injected
// ephemeral key works, as its response and its last log line: an event execution's response body
// is not stored (as in Appwrite), so the events test reads the log back (the API key sees logs).
export default async ({ req, res, log }) => {
  const endpoint = process.env.APPWRITE_FUNCTION_API_ENDPOINT;
  const key = req.headers['x-appwrite-key'] ?? '';
  const probe = await fetch(`${endpoint}/users?queries[0]=${encodeURIComponent(JSON.stringify({ method: 'limit', values: [1] }))}`, {
    headers: { 'x-appwrite-project': process.env.APPWRITE_FUNCTION_PROJECT_ID, 'x-appwrite-key': key },
  });
  const recorded = {
    method: req.method,
    path: req.path,
    headers: req.headers,
    bodyText: req.bodyText,
    keyStatus: probe.status,
  };
  log(JSON.stringify(recorded));
  return res.json(recorded);
};
