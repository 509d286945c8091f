// A webhook receiver: the raw bytes must arrive untouched (Stripe signs them).
import { createHash } from 'node:crypto';
export default async ({ req, res }) => res.json({
  sha256: createHash('sha256').update(req.bodyBinary).digest('hex'),
  length: req.bodyBinary.length,
  contentType: req.headers['content-type'] ?? null,
  signature: req.headers['stripe-signature'] ?? null,
  method: req.method, path: req.path, queryString: req.queryString, trigger: req.headers['x-appwrite-trigger'],
}, 202, { 'x-handled-by': 'raw' });
