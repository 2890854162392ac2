import {
  type ConsoleBooth,
  type ConsoleBoothCategory,
  consoleBoothTypes,
  createConsoleBoothRequest,
} from '@foyer/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  MultiSelect,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useAddMember, useAssignOwner, useRemoveMember, useSaveBooth } from '../api/exhibitors';
import { apiFieldErrors, issueErrors } from '../lib/form-errors';
import { ConsoleTable } from './console-section';
import { PersonPicker } from './exhibitors-person-picker';

interface Props {
  eventId: number;
  /** The booth to edit, 'new' for a new one, null when closed. */
  booth: ConsoleBooth | 'new' | null;
  categories: ConsoleBoothCategory[];
  onClose(): void;
  /** A new booth was saved: the drawer goes on with it (owner, team). */
  onCreated(booth: ConsoleBooth): void;
}

type Errors = Partial<Record<string, string>>;

/** Create or edit a booth: its details, then its owner and team. */
export function BoothDrawer({ eventId, booth, categories, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={booth !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={booth === 'new' ? t('organizer.exhibitors.newBooth') : t('organizer.exhibitors.editBooth')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {booth && (
        <Stack gap="lg">
          <BoothForm
            key={booth === 'new' ? 'new' : booth.id}
            eventId={eventId}
            booth={booth === 'new' ? null : booth}
            categories={categories}
            onCreated={onCreated}
          />
          {booth !== 'new' && <BoothTeam eventId={eventId} booth={booth} />}
        </Stack>
      )}
    </Drawer>
  );
}

function BoothForm({
  eventId,
  booth,
  categories,
  onCreated,
}: {
  eventId: number;
  booth: ConsoleBooth | null;
  categories: ConsoleBoothCategory[];
  onCreated(booth: ConsoleBooth): void;
}) {
  const { t } = useTranslation();
  const save = useSaveBooth(eventId);
  const [values, setValues] = useState({
    name: booth?.name ?? '',
    boothType: booth?.boothType ?? 'exhibitor',
    description: booth?.description ?? '',
    website: booth?.website ?? '',
    location: booth?.location ?? '',
    categoryIds: (booth?.categoryIds ?? []).map(String),
  });
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof typeof values) => (value: string | string[] | null) =>
    setValues((v) => ({ ...v, [key]: value ?? '' }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = { ...values, categoryIds: values.categoryIds.map(Number) };
    const parsed = createConsoleBoothRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(
        issueErrors(t, parsed.error.issues, (key) => t(`organizer.exhibitors.field.${key}` as never)),
      );
      return;
    }
    setErrors({});
    save.mutate(booth ? { ...parsed.data, id: booth.id } : parsed.data, {
      onSuccess: (saved) => {
        toast('success', t('organizer.exhibitors.saved'));
        if (!booth) onCreated(saved as ConsoleBooth);
      },
      onError: (error) => setErrors(apiFieldErrors(t, error) ?? { form: error.message }),
    });
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label={t('organizer.exhibitors.field.name')}
          required
          value={values.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          error={errors.name}
          data-testid="booth-name"
        />
        <Select
          label={t('organizer.exhibitors.field.boothType')}
          data={consoleBoothTypes.map((type) => ({
            value: type,
            label: t(`organizer.exhibitors.type.${type}`),
          }))}
          value={values.boothType}
          onChange={set('boothType')}
          allowDeselect={false}
          error={errors.boothType}
          data-testid="booth-type"
        />
        <Textarea
          label={t('organizer.exhibitors.field.description')}
          autosize
          minRows={3}
          value={values.description}
          onChange={(e) => set('description')(e.currentTarget.value)}
          error={errors.description}
        />
        <TextInput
          label={t('organizer.exhibitors.field.website')}
          placeholder="https://"
          type="url"
          value={values.website}
          onChange={(e) => set('website')(e.currentTarget.value)}
          error={errors.website}
        />
        <TextInput
          label={t('organizer.exhibitors.field.location')}
          value={values.location}
          onChange={(e) => set('location')(e.currentTarget.value)}
          error={errors.location}
        />
        <MultiSelect
          label={t('organizer.exhibitors.field.categoryIds')}
          data={categories.map((c) => ({ value: String(c.id), label: c.name }))}
          value={values.categoryIds}
          onChange={set('categoryIds')}
          searchable
          clearable
          error={errors.categoryIds}
        />
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="booth-save">
            {t('organizer.exhibitors.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The owner and the team: pick people of the event, give them a role, take them off. */
function BoothTeam({ eventId, booth }: { eventId: number; booth: ConsoleBooth }) {
  const { t } = useTranslation();
  const assignOwner = useAssignOwner(eventId);
  const addMember = useAddMember(eventId);
  const removeMember = useRemoveMember(eventId);
  const [owner, setOwner] = useState<number | null>(null);
  const [member, setMember] = useState<number | null>(null);
  const [role, setRole] = useState<'user' | 'admin'>('user');
  const [errors, setErrors] = useState<Errors>({});
  const fail = (error: Error) => {
    const fields = apiFieldErrors(t, error);
    if (fields) setErrors({ ...fields, participantId: fields.participantId ?? fields.role });
    else toast('error', error.message);
  };

  return (
    <Stack gap="sm">
      <Divider />
      <Title order={3} size="h4">
        {t('organizer.exhibitors.team.title')}
      </Title>
      <Group align="flex-end" wrap="wrap">
        <div style={{ flex: '1 1 14rem' }}>
          <PersonPicker
            eventId={eventId}
            label={t('organizer.exhibitors.team.owner')}
            placeholder={t('organizer.exhibitors.team.search')}
            value={owner}
            onChange={(p) => setOwner(p?.participantId ?? null)}
            error={errors.owner}
            data-testid="booth-owner"
          />
        </div>
        <Button
          variant="light"
          disabled={owner === null}
          loading={assignOwner.isPending}
          onClick={() =>
            owner !== null &&
            assignOwner.mutate(
              { boothId: booth.id, participantId: owner },
              {
                onSuccess: () => {
                  setOwner(null);
                  setErrors({});
                },
                onError: (error) =>
                  setErrors({
                    owner: apiFieldErrors(t, error)?.participantId ?? error.message,
                  }),
              },
            )
          }
        >
          {t('organizer.exhibitors.team.makeOwner')}
        </Button>
      </Group>
      <Group align="flex-end" wrap="wrap">
        <div style={{ flex: '1 1 14rem' }}>
          <PersonPicker
            eventId={eventId}
            label={t('organizer.exhibitors.team.member')}
            placeholder={t('organizer.exhibitors.team.search')}
            value={member}
            onChange={(p) => setMember(p?.participantId ?? null)}
            exclude={booth.members.filter((m) => m.role === 'owner').map((m) => m.participantId)}
            error={errors.participantId}
          />
        </div>
        <Select
          label={t('organizer.exhibitors.team.role')}
          data={(['user', 'admin'] as const).map((r) => ({
            value: r,
            label: t(`organizer.exhibitors.role.${r}`),
          }))}
          value={role}
          onChange={(v) => setRole((v as 'user' | 'admin') ?? 'user')}
          allowDeselect={false}
          w={140}
        />
        <Button
          variant="light"
          disabled={member === null}
          loading={addMember.isPending}
          onClick={() =>
            member !== null &&
            addMember.mutate(
              { boothId: booth.id, participantId: member, role },
              {
                onSuccess: () => {
                  setMember(null);
                  setErrors({});
                },
                onError: fail,
              },
            )
          }
        >
          {t('organizer.exhibitors.team.add')}
        </Button>
      </Group>
      {booth.members.length === 0 ? (
        <Text c="dimmed">{t('organizer.exhibitors.team.empty')}</Text>
      ) : (
        <ConsoleTable
          label={t('organizer.exhibitors.team.title')}
          columns={[t('organizer.exhibitors.team.person'), t('organizer.exhibitors.team.role')]}
          actions={t('organizer.exhibitors.actions')}
          minWidth={320}
          striped={false}
        >
          {booth.members.map((m) => (
            <Table.Tr key={m.participantId}>
              <Table.Td>
                <Text size="sm">{m.fullName}</Text>
                <Text size="xs" c="dimmed">
                  {m.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant={m.role === 'owner' ? 'filled' : 'light'}>
                  {t(`organizer.exhibitors.role.${m.role}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('organizer.exhibitors.team.remove', { name: m.fullName })}
                  onClick={() =>
                    removeMember.mutate(
                      { boothId: booth.id, participantId: m.participantId },
                      { onError: fail },
                    )
                  }
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </ConsoleTable>
      )}
    </Stack>
  );
}
