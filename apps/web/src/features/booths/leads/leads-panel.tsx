import type { Lead } from '@foyer/contract';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  EmptyState,
  Group,
  Menu,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconChevronDown,
  IconDownload,
  IconListCheck,
  IconQrcode,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { downloadBoothReport, useLeads, useLeadsLive } from './api';
import { LeadDetail } from './lead-detail';
import { LeadQuestionsModal } from './lead-questions-modal';
import classes from './leads.module.css';
import { ScanLeadModal } from './scan-lead-modal';
import './i18n';

function LeadRow({ lead, onOpen }: { lead: Lead; onOpen(): void }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton className={classes.row} onClick={onOpen} data-testid="lead-row">
      <Group wrap="nowrap" gap="sm">
        <Avatar src={lead.profilePhoto} name={lead.fullName} alt="" color="foyer" />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} size="sm" truncate>
            {lead.fullName}
          </Text>
          <Text size="xs" c="gray.7" truncate>
            {[lead.company, lead.emails[0]].filter(Boolean).join(' · ')}
          </Text>
          {lead.notes.at(-1) && (
            <Text size="xs" truncate>
              {lead.notes.at(-1)?.note}
            </Text>
          )}
        </div>
        <Badge variant="outline" color="gray.8" size="sm">
          {lead.rating
            ? t('contacts.leads.ratingValue', { value: lead.rating })
            : t('contacts.leads.ratingNone')}
        </Badge>
      </Group>
    </UnstyledButton>
  );
}

/** The booth team's leads: scan, list, one lead's detail, the questions (managers) and the report. */
export function LeadsPanel({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  useLeadsLive(eventId);
  const query = useLeads(eventId);
  const [open, setOpen] = useState<number | null>(null);
  const [scanning, setScanning] = useState(false);
  const [editing, setEditing] = useState(false);
  const removedHere = useRef<number | null>(null);
  const data = query.data;
  const lead = data?.leads.find((l) => l.id === open);
  // The lead open here went away: someone else on the team removed it (said so), or this member did.
  const gone = data !== undefined && open !== null && lead === undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once each time the open lead goes
  useEffect(() => {
    if (!gone) return;
    if (removedHere.current !== open) toast('info', t('contacts.leads.removedByTeam'));
    removedHere.current = null;
    setOpen(null);
  }, [gone]);
  if (!data) {
    return query.error ? (
      <Alert color="red" role="alert">
        {query.error.message}
      </Alert>
    ) : (
      <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton h={40} />
        <Skeleton h={160} />
      </Stack>
    );
  }
  const download = (format: 'csv' | 'xlsx', part?: 'leads' | 'visitors' | 'meetings') =>
    downloadBoothReport(eventId, format, part).catch((error: Error) => toast('error', error.message));

  return (
    <Stack gap="md" data-testid="leads-panel">
      {lead ? (
        <LeadDetail
          eventId={eventId}
          lead={lead}
          questions={data.questions}
          canRemove={data.canRemoveLeads}
          onBack={() => setOpen(null)}
          onRemoving={() => {
            removedHere.current = lead.id;
          }}
        />
      ) : (
        <>
          <Stack gap={4}>
            <Title order={2} size="h3">
              {t('contacts.leads.title', { booth: data.boothName })}
            </Title>
            <Text size="sm" c="gray.7">
              {t('contacts.leads.intro')}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              leftSection={<IconQrcode size={16} aria-hidden />}
              onClick={() => setScanning(true)}
              data-testid="lead-scan-open"
            >
              {t('contacts.leads.scan')}
            </Button>
            {data.canEditQuestions && (
              <Button
                variant="default"
                leftSection={<IconListCheck size={16} aria-hidden />}
                onClick={() => setEditing(true)}
                data-testid="lead-questions-open"
              >
                {t('contacts.leads.questions')}
              </Button>
            )}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  rightSection={<IconChevronDown size={14} aria-hidden />}
                  data-testid="lead-report"
                >
                  {t('contacts.leads.report')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => download('csv', 'leads')} data-testid="lead-report-leads">
                  {t('contacts.leads.reportLeads')}
                </Menu.Item>
                <Menu.Item onClick={() => download('csv', 'visitors')}>
                  {t('contacts.leads.reportVisitors')}
                </Menu.Item>
                <Menu.Item onClick={() => download('csv', 'meetings')}>
                  {t('contacts.leads.reportMeetings')}
                </Menu.Item>
                <Menu.Item onClick={() => download('xlsx')} data-testid="lead-report-xlsx">
                  {t('contacts.leads.reportXlsx')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
          <Text size="sm" c="gray.7" data-testid="lead-count">
            {t('contacts.leads.count', { count: data.leads.length })}
          </Text>
          {data.leads.length === 0 ? (
            <EmptyState
              py="lg"
              icon={<IconUsersGroup size={32} aria-hidden />}
              title={t('contacts.leads.empty.title')}
              description={t('contacts.leads.empty.text')}
            />
          ) : (
            <Stack gap={4} data-testid="lead-list">
              {data.leads.map((l) => (
                <LeadRow key={l.id} lead={l} onOpen={() => setOpen(l.id)} />
              ))}
            </Stack>
          )}
        </>
      )}
      <ScanLeadModal
        opened={scanning}
        onClose={() => setScanning(false)}
        eventId={eventId}
        onScanned={(scanned) => setOpen(scanned.id)}
      />
      {data.canEditQuestions && (
        <LeadQuestionsModal
          opened={editing}
          onClose={() => setEditing(false)}
          eventId={eventId}
          questions={data.questions}
        />
      )}
    </Stack>
  );
}
