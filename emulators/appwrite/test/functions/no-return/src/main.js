export default async ({ log }) => { log('did nothing'); };
