import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { validApplication } from '/work/main/tests/support/fixtures.ts';
let stop = false;
const statuses: Record<number, number> = {};
const submit = async () => {
  while (!stop) {
    const r = await fetch('http://127.0.0.1:4556/api/syncPage/aldmere-creators', { method: 'PUT', headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: JSON.stringify(validApplication({})) });
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    await r.text();
  }
};
const runs = [submit(), submit(), submit(), submit()];
for (let i = 0; i < 8; i++) {
  const child = execFile(process.execPath, ['dist/server/staff.js', 'add', `s${i}-${randomUUID()}@example.org`, '--role', 'reviewer'], { env: { ...process.env, SQLITE_PATH: '/tmp/busy.db' } });
  child.stdin?.end('correct horse battery staple\n');
  await new Promise((resolve) => child.on('exit', resolve));
}
stop = true;
await Promise.all(runs);
console.log(statuses);
