import { z } from 'zod';
import { idSchema } from './common';
import type { PersonSummary } from './invitations';

/** Exhibitor booths and their teams (E3.17–E3.23, E6.23–E6.27, E7.34–E7.40). */

export const DEFAULT_BOOTH_TYPE = 'exhibitor'; // E3.18
export const DEFAULT_BOOTH_RATE = 1; // E3.20
export const boothRoles = ['owner', 'admin', 'user', 'not_confirmed'] as const; // A6.03
export type BoothRoleName = (typeof boothRoles)[number];
export const assignableBoothRoles = ['user', 'admin'] as const; // E3.23
export const BoothErrorCode = {
  AlreadyInBooth: 'MST-00621', // E6.26
  NotInvitedToBooth: 'MST-00622',
  OwnerRole: 'MST-00623',
} as const;

/** E8.46. */
export const boothJoinedMessage = (booth: string) => `You have been added to the ${booth} team`;

export interface BoothDocument {
  name: string;
  url: string;
  type: string;
}

export interface BoothMember extends PersonSummary {
  role: BoothRoleName;
}

export interface PopupTable {
  roomId: string;
  name: string;
  meetingId: number | null;
}

/** E3.17 list entry. */
export interface BoothSummary {
  id: number;
  eventId: number;
  boothName: string;
  boothType: string;
  images: { logo: string | null; banner: string | null };
  description: string;
  rate: number;
  categories: number[];
  updatedAt: string;
}

export interface BoothDetails extends BoothSummary {
  ownerParticipantId: number | null;
  website: string | null;
  location: string | null;
  some: Record<string, string>;
  documents: BoothDocument[];
  agendaEnabled: boolean;
  /** E6.23: confirmed staff (owner first); not-confirmed ones only to the booth's own staff. */
  members: BoothMember[];
  popupMeetings: PopupTable[];
  /** E6.25: the caller is on this booth's staff (edit instead of meet). */
  canEdit: boolean;
}

export const boothListQuery = z.strictObject({
  eventId: idSchema,
  query: z.string().trim().max(200).optional(),
});
export const boothParams = z.strictObject({ boothId: idSchema });
export const boothDetailsQuery = z.strictObject({ eventId: idSchema });

const documentSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  url: z.string().trim().min(1).max(2000),
  type: z.string().trim().min(1).max(50),
});

/** PUT /event/booth (E7.34). */
export const updateBoothRequest = z.strictObject({
  eventId: idSchema,
  id: idSchema,
  boothName: z
    .string()
    .trim()
    .min(1, 'validation.error.required')
    .max(200, 'validation.error.maxLength')
    .optional(),
  description: z.string().trim().max(10_000, 'validation.error.maxLength').optional(),
  website: z.string().trim().max(300, 'validation.error.maxLength').nullable().optional(),
  location: z.string().trim().max(300, 'validation.error.maxLength').nullable().optional(),
  some: z
    .strictObject({
      facebook: z.string().trim().max(300).optional(),
      twitter: z.string().trim().max(300).optional(),
      instagram: z.string().trim().max(300).optional(),
      linkedin: z.string().trim().max(300).optional(),
    })
    .optional(),
  documents: z.array(documentSchema).max(50).optional(),
  categories: z.array(idSchema).max(100).optional(),
  agendaEnabled: z.boolean().optional(),
});
export type UpdateBoothRequest = z.infer<typeof updateBoothRequest>;

export const memberListQuery = z.strictObject({ eventId: idSchema });
/** POST event/member (E7.37): invite a participant to the caller's booth team. */
export const addMemberRequest = z.strictObject({
  eventId: idSchema,
  id: idSchema,
  role: z.enum(assignableBoothRoles),
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
  query: z.string().trim().max(200).optional(),
});

export interface MemberList {
  boothId: number | null;
  boothName: string | null;
  myRole: BoothRoleName | null;
  members: BoothMember[];
  /** A team invitation waiting for the caller (E6.27). */
  invitation: { boothId: number; boothName: string; role: string } | null;
}

/** Owner and admins manage the team and the booth page. */
export const canManageBooth = (role: BoothRoleName | null) => role === 'owner' || role === 'admin';
