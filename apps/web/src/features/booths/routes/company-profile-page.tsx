import { canManageBooth } from '@foyer/contract';
import { Alert, Button, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconExternalLink } from '@tabler/icons-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { overCurrentPage } from '../../../lib/modal-route';
import { useEvent } from '../../../lib/use-event';
import { useBooth } from '../api/booths';
import { useTeam } from '../api/team';
import { BoothForm } from '../components/booth-form';
import { BoothImages } from '../components/booth-images';
import { TeamInvitation } from '../components/team-invitation';
import { TeamMembers } from '../components/team-members';
import { CompanyTabs } from '../leads/company-tabs';
import '../i18n';

function Loading() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton h={120} radius="md" />
      <Skeleton h={260} radius="md" />
    </Stack>
  );
}

/** The booth's page, its images and its team, for the owner and admins (E6.25, E7.34–E7.39). */
function ManagedBooth({
  eventId,
  boothId,
  withTeam = true,
}: {
  eventId: number;
  boothId: number;
  withTeam?: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const booth = useBooth(eventId, boothId);
  const team = useTeam(eventId);
  const meId = useEvent(eventId).data?.me?.id ?? null;
  if (!booth.data) {
    return booth.error ? (
      <Alert color="red" role="alert">
        {booth.error.message}
      </Alert>
    ) : (
      <Loading />
    );
  }
  return (
    <Stack gap="xl">
      <Group justify="space-between" gap="sm">
        <Text c="gray.7">{t('expo.company.intro', { booth: booth.data.boothName })}</Text>
        <Button
          component={Link}
          to={`/event/${eventId}/expo/${boothId}`}
          state={overCurrentPage(location)}
          variant="default"
          rightSection={<IconExternalLink size={14} aria-hidden />}
          data-testid="company-view-booth"
        >
          {t('expo.company.view')}
        </Button>
      </Group>
      <Stack gap="sm" component="section" aria-labelledby="company-images">
        <Title order={2} size="h3" id="company-images">
          {t('expo.company.images')}
        </Title>
        <BoothImages booth={booth.data} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="company-details">
        <Title order={2} size="h3" id="company-details">
          {t('expo.company.details')}
        </Title>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <BoothForm key={booth.data.id} booth={booth.data} />
        </Paper>
      </Stack>
      {withTeam && (
        <TeamMembers
          eventId={eventId}
          members={team.data?.members ?? booth.data.members}
          myRole={team.data?.myRole ?? null}
          meId={meId}
        />
      )}
    </Stack>
  );
}

/** A2.07: /event/{eventId}/company/profile, the booth edit page. */
export function CompanyProfilePage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const team = useTeam(eventId);
  const me = useEvent(eventId).data?.me ?? null;
  const meId = me?.id ?? null;
  const data = team.data;
  // Organizers edit any booth's page (?booth=id); its team stays with the booth's own managers.
  const organizerBooth = Number(useSearchParams()[0].get('booth'));

  let body: React.ReactNode;
  const otherBooth = !!me?.organizer && organizerBooth > 0 && organizerBooth !== data?.boothId;
  if (otherBooth) {
    body = <ManagedBooth eventId={eventId} boothId={organizerBooth} withTeam={false} />;
  } else if (team.isPending) body = <Loading />;
  else if (!data) {
    body = (
      <Alert color="red" role="alert">
        {team.error?.message ?? t('common.unknownError')}
      </Alert>
    );
  } else if (data.boothId && canManageBooth(data.myRole)) {
    body = <ManagedBooth eventId={eventId} boothId={data.boothId} />;
  } else if (data.boothId) {
    // A team member without a manager role sees the team and may leave it.
    body = (
      <Stack gap="lg">
        <Alert color="gray" data-testid="company-readonly">
          {t('expo.company.readOnly', { booth: data.boothName })}
        </Alert>
        <TeamMembers eventId={eventId} members={data.members} myRole={data.myRole} meId={meId} />
      </Stack>
    );
  } else if (!data.invitation) {
    body = (
      <Paper withBorder radius="md" data-testid="company-no-booth">
        <EmptyState
          py="xl"
          icon={<IconBuildingStore size={32} aria-hidden />}
          title={t('expo.company.noBooth.title')}
          description={t('expo.company.noBooth.text')}
        >
          <EmptyState.Actions>
            <Button component={Link} to={`/event/${eventId}/expo`} variant="default">
              {t('eventArea.backTo.expo')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    );
  }

  // The booth's team (any role) also works on its leads.
  if (!otherBooth && data?.boothId && data.myRole && body)
    body = <CompanyTabs eventId={eventId}>{body}</CompanyTabs>;

  return (
    <Stack gap="lg" data-testid="company-profile-page">
      <Title order={1}>{t('eventArea.company.title')}</Title>
      <TeamInvitation eventId={eventId} />
      {body}
    </Stack>
  );
}
