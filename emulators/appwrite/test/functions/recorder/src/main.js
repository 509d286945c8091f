// Records what an event-triggered execution receives (headers, body, env) and whether the injected
// ephemeral key works, as its response: the events test reads it back from the execution.
export default async ({ req, res }) => {
  const endpoint = process.env.APPWRITE_FUNCTION_API_ENDPOINT;
  const key = req.headers['x-appwrite-key'] ?? '';
  const probe = await fetch(`${endpoint}/users?queries[0]=${encodeURIComponent(JSON.stringify({ method: 'limit', values: [1] }))}`, {
    headers: { 'x-appwrite-project': process.env.APPWRITE_FUNCTION_PROJECT_ID, 'x-appwrite-key': key },
  });
  return res.json({
    method: req.method,
    path: req.path,
    headers: req.headers,
    bodyText: req.bodyText,
    keyStatus: probe.status,
  });
};
