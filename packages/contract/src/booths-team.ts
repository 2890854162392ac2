import { z } from 'zod';
import { idSchema } from './common';
import { personSummarySchema } from './meetings';

/**
 * A booth's team: roles, members, invitations to the team and who may manage whom (E3.21–E3.23,
 * E6.23–E6.27, E7.36–E7.39).
 */

export const boothRoles = ['owner', 'admin', 'user', 'not_confirmed'] as const; // A6.03
export const boothRoleNameSchema = z.enum(boothRoles);
export type BoothRoleName = z.infer<typeof boothRoleNameSchema>;
export const assignableBoothRoles = ['user', 'admin'] as const; // E3.23
export const BoothErrorCode = {
  AlreadyInBooth: 'MST-00621', // E6.26
  NotInvitedToBooth: 'MST-00622',
  OwnerRole: 'MST-00623',
} as const;

/** E8.46. */
export const boothJoinedMessage = (booth: string) => `You have been added to the ${booth} team`;

export const boothMemberSchema = personSummarySchema.extend({
  role: boothRoleNameSchema,
  /** The role a not-confirmed member gets once they accept (E6.27). */
  pendingRole: z.enum(['user', 'admin']).nullable().optional(),
});
export type BoothMember = z.infer<typeof boothMemberSchema>;

/** E3.21: a team membership as adding or changing it answers: the member with their event and booth. */
export const teamMemberSchema = boothMemberSchema.extend({ eventId: z.number(), boothId: z.number() });
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** E9.40: team members shown before "show all", in the modal and on the page. */
export const BOOTH_MEMBERS_SHOWN = { modal: 6, page: 9 } as const;

export const memberListQuery = z.strictObject({ eventId: idSchema });
/** POST event/member (E7.37): invite a participant to the caller's booth team. */
export const addMemberRequest = z.strictObject({
  eventId: idSchema,
  id: idSchema,
  role: z.enum(assignableBoothRoles, { error: 'validation.error.option' }),
});
/** PUT event/member (E7.38). */
export const updateMemberRequest = addMemberRequest;
/** DELETE event/member (E7.39). */
export const removeMemberQuery = z.strictObject({ eventId: idSchema, memberId: idSchema });
/** POST /event/member/confirm (E7.36). */
export const confirmMemberRequest = z.strictObject({
  eventId: idSchema,
  boothId: idSchema,
  accepted: z.boolean(),
});
export const memberCandidatesQuery = z.strictObject({
  eventId: idSchema,
  query: z.string().trim().max(200, 'validation.error.maxLength').optional(),
});

export const memberListSchema = z.object({
  boothId: z.number().nullable(),
  boothName: z.string().nullable(),
  myRole: boothRoleNameSchema.nullable(),
  members: z.array(boothMemberSchema),
  /** A team invitation waiting for the caller (E6.27). */
  invitation: z.object({ boothId: z.number(), boothName: z.string(), role: z.string() }).nullable(),
});
export type MemberList = z.infer<typeof memberListSchema>;

/** Owner and admins manage the team and the booth page. */
export const canManageBooth = (role: BoothRoleName | null) => role === 'owner' || role === 'admin';

// ---- team role rules (E3.23, E6.23, E7.37–E7.39) -------------------------------------------------

/** The roles a manager may give: the owner names admins and users, an admin only users. */
export function assignableRolesFor(myRole: BoothRoleName | null): BoothRoleName[] {
  if (myRole === 'owner') return ['user', 'admin'];
  if (myRole === 'admin') return ['user'];
  return [];
}

/**
 * Whether I may change this member's role or remove them: never the owner; admins only by the
 * owner; users (and pending invitations) by any manager. Leaving one's own team is separate.
 */
export function canManageMember(
  myRole: BoothRoleName | null,
  member: { role: BoothRoleName; pendingRole?: string | null },
): boolean {
  if (!canManageBooth(myRole) || member.role === 'owner') return false;
  if (myRole === 'owner') return true;
  return member.role !== 'admin' && member.pendingRole !== 'admin';
}

/** Any member but the owner may leave the team themselves (E7.39). */
export const canLeaveBooth = (myRole: BoothRoleName | null) => myRole !== null && myRole !== 'owner';
