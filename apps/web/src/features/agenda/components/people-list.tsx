import type { SessionPerson } from '@foyer/contract';
import { Avatar, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { backgroundLocationOf, overCurrentPage } from '../../../lib/modal-route';

interface Props {
  eventId: number;
  people: SessionPerson[];
  role: string;
}

/** Speakers and moderators of a session; each opens the speaker detail (over the same background). */
export function PeopleList({ eventId, people, role }: Props) {
  const location = useLocation();
  const background = backgroundLocationOf(location);
  return (
    <Stack gap="xs">
      {people.map((p) => {
        const name = `${p.name} ${p.surname}`.trim();
        return (
          <UnstyledButton
            key={`${role}-${p.id}`}
            component={Link}
            to={`/event/${eventId}/speakers/${p.id}`}
            state={background ? overCurrentPage(background) : overCurrentPage(location)}
            replace={Boolean(background)}
            data-testid="session-person"
            style={{ borderRadius: 8 }}
          >
            <Group gap="sm" wrap="nowrap">
              <Avatar src={p.profilePhoto} name={name} alt="" color="foyer" />
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {[role, p.jobTitle, p.company].filter(Boolean).join(' · ')}
                </Text>
              </div>
            </Group>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
