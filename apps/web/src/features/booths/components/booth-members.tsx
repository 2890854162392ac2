import { BOOTH_MEMBERS_SHOWN, type BoothMember } from '@foyer/contract';
import { Avatar, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { usePersonActions } from '../../../components/person-actions';
import { useTranslation } from '../../../i18n/react';
import '../i18n';

/** The role badge: the owner and admins are named; a pending invitation says so (A6.03). */
export function RoleBadge({ role }: { role: BoothMember['role'] }) {
  const { t } = useTranslation();
  if (role === 'user') return null;
  return (
    <Badge
      size="xs"
      variant={role === 'not_confirmed' ? 'outline' : 'light'}
      color={role === 'not_confirmed' ? 'gray' : 'foyer'}
    >
      {t(`expo.role.${role}`)}
    </Badge>
  );
}

interface Props {
  eventId: number;
  members: BoothMember[];
  /** The viewer's participant id: no meet or chat button on their own card (E6.22). */
  meId: number | null;
  /** The viewer is on this booth's staff: colleagues are not invited (E6.19, E6.25). */
  ownStaff: boolean;
  variant: 'page' | 'modal';
}

/** E2.56, E6.23: the booth's staff, owner first, with meet and chat buttons; E9.40 6 / 9 shown. */
export function BoothMembers({ eventId, members, meId, ownStaff, variant }: Props) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const { Meet, Chat } = usePersonActions();
  const limit = BOOTH_MEMBERS_SHOWN[variant];
  const shown = all ? members : members.slice(0, limit);
  return (
    <Stack gap="xs" data-testid="booth-members">
      {shown.map((m) => {
        const contact = !ownStaff && m.id !== meId && m.role !== 'not_confirmed';
        return (
          <Paper key={m.id} withBorder radius="md" p="sm" data-testid={`booth-member-${m.id}`}>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 200px' }}>
                <Avatar src={m.profilePhoto} name={m.fullName} alt="" size={44} radius={44} color="foyer" />
                <div style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="wrap">
                    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {m.fullName}
                    </Text>
                    <RoleBadge role={m.role} />
                  </Group>
                  {m.jobTitle && (
                    <Text size="xs" c="gray.7" lineClamp={1}>
                      {m.jobTitle}
                    </Text>
                  )}
                </div>
              </Group>
              {contact && (
                <Group gap="xs" wrap="nowrap">
                  <Meet eventId={eventId} participantId={m.id} name={m.fullName} />
                  <Chat eventId={eventId} participantId={m.id} name={m.fullName} />
                </Group>
              )}
            </Group>
          </Paper>
        );
      })}
      {members.length > limit && (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            onClick={() => setAll((v) => !v)}
            data-testid="booth-members-toggle"
          >
            {all ? t('expo.detail.showFewer') : t('expo.detail.showAll', { count: members.length })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
