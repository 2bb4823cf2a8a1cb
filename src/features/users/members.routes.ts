import { pageExample, listOf } from '../../common/api-schemas';
import { pageSchema } from '../../common/pagination';
import { named, reply, route, type Routes } from '../../common/route';
import { addMemberSchema, type MembersService } from './members.service';
import { presentUser } from './users.presenter';
import { USER_EXAMPLE, userSchema } from './users.schemas';

export interface MembersDeps {
  members: MembersService;
}

const User = named('User', userSchema);
const MEMBER_EXAMPLE = { ...USER_EXAMPLE, email: 'grace@example.com', role: 'member' };

/** Mounted under /dashboard (JWT). */
export const membersRoutes: Routes<MembersDeps> = [
  route<MembersDeps>({
    method: 'get',
    path: '/dashboard/members',
    operationId: 'listMembers',
    summary: "The organization's users",
    tag: 'members',
    auth: 'dashboard',
    query: pageSchema,
    responses: { 200: reply('A page of users.', named('UserList', listOf(userSchema))) },
    errors: [422],
    example: { response: pageExample(USER_EXAMPLE) },
    handler: async ({ ctx, query }, { members }) => {
      const page = await members.list(ctx, query);
      return { status: 200, body: { data: page.data.map(presentUser), next_cursor: page.nextCursor } };
    },
  }),
  route<MembersDeps>({
    method: 'post',
    path: '/dashboard/members',
    operationId: 'addMember',
    summary: 'Invite a user to the organization, or add one with a password (owner)',
    description:
      'Without `password` an invitation mail is sent (inviting a pending address again sends a fresh link). With it the user exists at once, unverified, and gets a verification mail. Account mails are capped per address (RATE_LIMIT_MAIL_EMAIL_PER_HOUR) and per organization (RATE_LIMIT_MAIL_ORG_PER_HOUR) each hour: over a cap the answer is the same 201 and no mail is sent.',
    tag: 'members',
    auth: 'dashboard',
    body: named('AddMemberRequest', addMemberSchema),
    responses: { 201: reply('Created.', User) },
    errors: [409, 422],
    example: { request: { email: 'grace@example.com', role: 'member' }, response: { ...MEMBER_EXAMPLE, email_verified: false } },
    handler: async ({ ctx, body }, { members }) => ({ status: 201, body: presentUser(await members.add(ctx, body)) }),
  }),
  route<MembersDeps>({
    method: 'post',
    path: '/dashboard/members/{id}/deactivate',
    operationId: 'deactivateMember',
    summary: 'Deactivate a user (owner, not oneself)',
    tag: 'members',
    auth: 'dashboard',
    responses: { 200: reply('The deactivated user.', User) },
    errors: [404, 409],
    example: { response: { ...MEMBER_EXAMPLE, active: false } },
    handler: async ({ ctx, params }, { members }) => ({ status: 200, body: presentUser(await members.deactivate(ctx, params.id!)) }),
  }),
];
