// Echoes what the runtime handed it: the documented context, headers and env (PROTOCOL §4.3).
export default async ({ req, res, log, error }) => {
  log('hello', { a: 1 });
  error('careful');
  console.log('native');
  if (req.path === '/binary') return res.binary(Buffer.from([0, 1, 2, 255]), 200, { 'content-type': 'application/octet-stream' });
  if (req.path === '/redirect') return res.redirect('https://example.com/next', 302);
  if (req.path === '/empty') return res.empty();
  if (req.path === '/text') return res.text('plain', 418, { 'x-custom': 'yes' });
  const bodyJson = readBodyJson(req);
  return res.json({
    req: {
      bodyText: req.bodyText, bodyJson, body: req.body, headers: req.headers, method: req.method, path: req.path,
      query: req.query, queryString: req.queryString, url: req.url, host: req.host, port: req.port, scheme: req.scheme,
    },
    env: Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('APPWRITE_') || k.startsWith('MY_'))),
  });
};

function readBodyJson(req) {
  try {
    return req.bodyJson;
  } catch {
    return 'invalid';
  }
}
