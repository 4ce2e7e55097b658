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
import type { StaffRole } from '#review-api/staff.ts';
import { createStaffSessions } from '../src/server/staff/staff-sessions.ts';
import { createTwoStep } from '../src/server/staff/two-step.ts';

// `npm run staff -- add|list|remove|reset-password|reset-two-step|require-two-step`: staff
// accounts and their sign-in, on the database the server uses (DATABASE_URL, else SQLITE_PATH),
// while it runs or not.
const usage = `Usage:
  npm run staff -- add <email> --role admin|reviewer
  npm run staff -- list
  npm run staff -- remove <email>
  npm run staff -- reset-password <email>
  npm run staff -- reset-two-step <email>
  npm run staff -- require-two-step on|off
A password is read from standard input when it is not a terminal, otherwise asked for twice.
`;

const commands = [
  'add',
  'list',
  'remove',
  'reset-password',
  'reset-two-step',
  'require-two-step',
];

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
// `require-two-step` takes on or off where the others take an e-mail address.
const onOrOff = email;

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY)
    return (await text(process.stdin)).split(/\r?\n/)[0] ?? '';
  const first = await password({ message: 'Password', mask: true });
  const second = await password({ message: 'Password again', mask: true });
  if (first !== second) fail('The two passwords differ; nothing changed.');
  return first;
}

const env = envOrExit(process.env);
if (!command || !commands.includes(command)) fail(usage, 2);
if (command !== 'list' && !email) fail(usage, 2);
if (command === 'require-two-step' && onOrOff !== 'on' && onOrOff !== 'off')
  fail(`require-two-step takes on or off\n${usage}`, 2);
const role = values.role as StaffRole | undefined;
if (command === 'add' && !(role && staffRoles.includes(role)))
  fail(`--role must be one of: ${staffRoles.join(', ')}\n${usage}`, 2);

const database = await openDatabaseOrExit({
  databaseUrl: env.DATABASE_URL,
  sqlitePath: env.SQLITE_PATH,
});
const accounts = createStaffAccounts(database);
const audit = createAuditLog(database);
const twoStep = createTwoStep(database);
const recordChange = (
  action:
    | 'staff_added'
    | 'staff_removed'
    | 'password_changed'
    | 'two_step_reset'
    | 'two_step_required'
    | 'two_step_not_required',
  subject: string | null,
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
  } else if (command === 'reset-two-step' && email) {
    const account = await accounts.findByEmail(email);
    if (!account) fail(`No account for ${email}.`);
    // Its key or recovery codes may be in the wrong hands: no session of it may go on.
    await twoStep.turnOff(account.id);
    await createStaffSessions(database).endAllOf(account.id);
    await recordChange('two_step_reset', account.email);
    process.stdout.write(
      `Removed the two-step sign-in of ${account.email}; its sessions have ended. It signs in with its password alone${(await twoStep.isRequired()) ? ' and must then set two-step sign-in up again' : ''}.\n`,
    );
  } else if (command === 'require-two-step') {
    const isOn = onOrOff === 'on';
    await twoStep.setRequired(isOn);
    await recordChange(
      isOn ? 'two_step_required' : 'two_step_not_required',
      null,
    );
    process.stdout.write(
      isOn
        ? 'Two-step sign-in is now required: an account without it can do nothing but set it up, from its next request on.\n'
        : 'Two-step sign-in is no longer required; accounts that have it keep it.\n',
    );
  }
} catch (error) {
  if (!(error instanceof StaffAccountError)) throw error;
  fail(error.message);
} finally {
  await database.close();
}
