import * as z from 'zod/mini';
import { byIdSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

export const staffRoleSchema = z.enum(['admin', 'reviewer']);

export type StaffRole = z.output<typeof staffRoleSchema>;

export const staffMemberSchema = z.object({
  email: z.string(),
  role: staffRoleSchema,
});

export type StaffMember = z.output<typeof staffMemberSchema>;

const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  createdAt: z.string(),
  lastSignInAt: z.nullable(z.string()),
});

export type StaffAccount = z.output<typeof accountSchema>;

const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});

export const listStaff = endpoint({
  method: 'GET',
  path: '/api/review/staff',
  responses: {
    200: z.object({
      accounts: z.array(accountSchema),
      invitations: z.array(invitationSchema),
    }),
  },
});

export const changeRole = endpoint({
  method: 'PATCH',
  path: '/api/review/staff/:id',
  params: byIdSchema,
  body: z.strictObject({ role: staffRoleSchema }),
  responses: { 200: accountSchema },
});

export const removeStaff = endpoint({
  method: 'DELETE',
  path: '/api/review/staff/:id',
  params: byIdSchema,
  responses: { 204: z.undefined() },
});

export const invite = endpoint({
  method: 'POST',
  path: '/api/review/invitations',
  body: z.strictObject({
    email: z.string().check(z.maxLength(320)),
    role: staffRoleSchema,
  }),
  responses: {
    201: z.object({ invitation: invitationSchema, link: z.string() }),
  },
});

export const revokeInvitation = endpoint({
  method: 'DELETE',
  path: '/api/review/invitations/:id',
  params: byIdSchema,
  responses: { 204: z.undefined() },
});

const tokenSchema = z.string().check(z.minLength(1), z.maxLength(100));

/** Signed out on purpose: the invited person has no account yet. The token travels in bodies only. */
export const readInvitation = endpoint({
  method: 'POST',
  path: '/api/review/invitation',
  body: z.strictObject({ token: tokenSchema }),
  responses: {
    200: z.object({
      email: z.string(),
      role: staffRoleSchema,
      expiresAt: z.string(),
    }),
  },
});

export const acceptInvitation = endpoint({
  method: 'POST',
  path: '/api/review/invitation/accept',
  body: z.strictObject({
    token: tokenSchema,
    password: z.string().check(z.maxLength(1024)),
  }),
  responses: { 201: staffMemberSchema },
});
