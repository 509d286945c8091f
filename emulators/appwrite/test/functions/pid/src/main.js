// Which runtime served the execution, and how many it has served: a warm runtime keeps both.
let served = 0;
export default async ({ res }) => {
  served += 1;
  return res.json({ pid: process.pid, served });
};
