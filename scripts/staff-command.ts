import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import password from '@inquirer/password';
import { envOrExit } from '../src/server/env.ts';
import { openDatabaseOrExit } from '../src/server/start-up-problems.ts';
import { createAuditLog } from '../src/server/staff/audit-log.ts';
import {
  createStaffAccounts,
  StaffAccountError,
  staffRoles,
} from '../src/server/staff/staff-accounts.ts';
import type { StaffRole } from '../src/server/db/database.ts';

// `npm run staff -- add|list|remove|reset-password`: staff accounts, on the database the server
// uses (DATABASE_URL, else SQLITE_PATH), while it runs or not.
const usage = `Usage:
  npm run staff -- add <email> --role admin|reviewer
  npm run staff -- list
  npm run staff -- remove <email>
  npm run staff -- reset-password <email>
A password is read from standard input when it is not a terminal, otherwise asked for twice.
`;

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const { positionals, values } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { role: { type: 'string' } },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${usage}`, 2);
  }
})();
const [command, email] = positionals;

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY)
    return (await text(process.stdin)).split(/\r?\n/)[0] ?? '';
  const first = await password({ message: 'Password', mask: true });
  const second = await password({ message: 'Password again', mask: true });
  if (first !== second) fail('The two passwords differ; nothing changed.');
  return first;
}

const env = envOrExit(process.env);
if (!command || !['add', 'list', 'remove', 'reset-password'].includes(command))
  fail(usage, 2);
if (command !== 'list' && !email) fail(usage, 2);
const role = values.role as StaffRole | undefined;
if (command === 'add' && !(role && staffRoles.includes(role)))
  fail(`--role must be one of: ${staffRoles.join(', ')}\n${usage}`, 2);

const database = await openDatabaseOrExit({
  databaseUrl: env.DATABASE_URL,
  sqlitePath: env.SQLITE_PATH,
});
const accounts = createStaffAccounts(database);
const audit = createAuditLog(database);
const recordChange = (
  action: 'staff_added' | 'staff_removed' | 'password_changed',
  subject: string,
) => audit.record({ actor: 'command line', action, subject, address: null });

try {
  if (command === 'list') {
    for (const account of await accounts.list())
      process.stdout.write(
        `${account.email}\t${account.role}\tcreated ${account.createdAt}\tlast sign-in ${account.lastSignInAt ?? 'never'}\n`,
      );
  } else if (command === 'add' && email && role) {
    const account = await accounts.add({
      email,
      role,
      password: await readPassword(),
    });
    await recordChange('staff_added', account.email);
    process.stdout.write(`Added ${account.email} (${account.role}).\n`);
  } else if (command === 'remove' && email) {
    if (!(await accounts.remove(email))) fail(`No account for ${email}.`);
    await recordChange('staff_removed', email.toLowerCase());
    process.stdout.write(`Removed ${email}; its sessions have ended.\n`);
  } else if (command === 'reset-password' && email) {
    if (!(await accounts.setPassword(email, await readPassword())))
      fail(`No account for ${email}.`);
    await recordChange('password_changed', email.toLowerCase());
    process.stdout.write(
      `Set a new password for ${email}; its sessions have ended.\n`,
    );
  }
} catch (error) {
  if (!(error instanceof StaffAccountError)) throw error;
  fail(error.message);
} finally {
  await database.close();
}
