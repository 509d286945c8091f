// Sleeps for the body's number of milliseconds; logs its tag (from the path) before and after, one
// line through context.log and one through console.log, to show whose logs are whose.
export default async ({ req, res, log }) => {
  const tag = req.path.slice(1);
  const startedAt = Date.now();
  log(`start ${tag}`);
  await new Promise((resolve) => setTimeout(resolve, Number(req.bodyText || 0)));
  console.log(`done ${tag}`);
  return res.json({ pid: process.pid, tag, startedAt, endedAt: Date.now() });
};
