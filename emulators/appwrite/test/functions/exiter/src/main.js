// Ends its runtime on /exit without answering; anything else answers with the runtime's pid.
export default async ({ req, res }) => {
  if (req.path === '/exit') {
    process.stderr.write('about to exit\n');
    setImmediate(() => process.exit(3));
    await new Promise(() => {});
  }
  return res.json({ pid: process.pid });
};
