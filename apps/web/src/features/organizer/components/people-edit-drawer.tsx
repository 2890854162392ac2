import {
  type ConsoleParticipant,
  type EventCategory,
  type ParticipantType,
  updateConsoleParticipantRequest,
} from '@foyer/contract';
import { Button, Drawer, Group, MultiSelect, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useUpdatePerson } from '../api/people';
import { categoryOptions } from '../lib/category-options';
import { apiFieldErrors, issueErrors } from '../lib/form-errors';

interface Props {
  eventId: number;
  person: ConsoleParticipant | null;
  types: ParticipantType[];
  categories: EventCategory[];
  /** Only the owner changes organizer roles. */
  isOwner: boolean;
  onClose(): void;
}

const TEXT_FIELDS = ['name', 'surname', 'company', 'jobTitle', 'phone'] as const;
type Errors = Partial<Record<string, string>>;

/** Edit one participant: profile, type, categories and (owner only) the organizer role. */
export function PeopleEditDrawer({ eventId, person, types, categories, isOwner, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={person !== null}
      onClose={onClose}
      position="right"
      title={t('organizer.people.editTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {person && (
        <EditForm
          key={person.id}
          eventId={eventId}
          person={person}
          types={types}
          categories={categories}
          isOwner={isOwner}
          onClose={onClose}
        />
      )}
    </Drawer>
  );
}

function EditForm({
  eventId,
  person,
  types,
  categories,
  isOwner,
  onClose,
}: Props & { person: ConsoleParticipant }) {
  const { t } = useTranslation();
  const update = useUpdatePerson(eventId);
  const [values, setValues] = useState({
    name: person.name,
    surname: person.surname,
    company: person.company,
    jobTitle: person.jobTitle,
    phone: person.phone,
    typeId: person.typeId === null ? null : String(person.typeId),
    categoryIds: person.categoryIds.map(String),
    organizerRole: person.organizerRole ?? 'none',
    checkInAdmin: person.checkInAdmin,
  });
  const [errors, setErrors] = useState<Errors>({});
  const label = (key: string) => t(`organizer.people.field.${key}` as 'organizer.people.field.name');

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      name: values.name,
      surname: values.surname,
      company: values.company,
      jobTitle: values.jobTitle,
      phone: values.phone,
      typeId: values.typeId === null ? null : Number(values.typeId),
      categoryIds: values.categoryIds.map(Number),
      ...(isOwner ? { organizerRole: values.organizerRole, checkInAdmin: values.checkInAdmin } : {}),
    };
    const parsed = updateConsoleParticipantRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(issueErrors(t, parsed.error.issues, label));
      return;
    }
    setErrors({});
    update.mutate(
      { id: person.id, body: parsed.data },
      {
        onSuccess: () => {
          toast('success', t('organizer.people.saved'));
          onClose();
        },
        onError: (error) => {
          const fields = apiFieldErrors(t, error, { label });
          if (fields) setErrors(fields);
          else toast('error', error.message);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} data-testid="people-edit-form">
      <Stack gap="sm">
        {TEXT_FIELDS.map((key) => (
          <TextInput
            key={key}
            label={label(key)}
            required={key === 'name' || key === 'surname'}
            value={values[key]}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setValues((v) => ({ ...v, [key]: value }));
            }}
            error={errors[key]}
          />
        ))}
        <Select
          label={label('type')}
          clearable
          data={types.map((type) => ({ value: String(type.id), label: type.name }))}
          value={values.typeId}
          onChange={(typeId) => setValues((v) => ({ ...v, typeId }))}
          error={errors.typeId}
        />
        <MultiSelect
          label={label('categories')}
          data={categoryOptions(categories)}
          value={values.categoryIds}
          onChange={(categoryIds) => setValues((v) => ({ ...v, categoryIds }))}
          error={errors.categoryIds}
          searchable
        />
        {isOwner && (
          <>
            <Select
              label={label('organizerRole')}
              data={(['none', 'admin', 'owner'] as const).map((role) => ({
                value: role,
                label: t(`organizer.people.role.${role}`),
              }))}
              value={values.organizerRole}
              onChange={(role) =>
                setValues((v) => ({ ...v, organizerRole: (role ?? 'none') as typeof v.organizerRole }))
              }
              error={errors.organizerRole}
              allowDeselect={false}
            />
            <Switch
              label={label('checkInAdmin')}
              checked={values.checkInAdmin}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setValues((v) => ({ ...v, checkInAdmin: checked }));
              }}
            />
          </>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('organizer.people.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending} data-testid="people-edit-save">
            {t('organizer.people.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
