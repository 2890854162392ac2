import {
  type BadgeLine,
  type BadgeQrSize,
  type BadgeSize,
  type BadgeTemplate,
  badgeLineSizes,
  badgeMergeFields,
  badgeQrSizes,
  badgeSizeKeys,
  badgeTemplateInput,
  type ParticipantType,
  sampleBadgeFields,
  unknownMergeFields,
} from '@foyer/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { BadgePreview } from '../../../components/badge-preview';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useSaveTemplate } from '../api/badges';
import { apiFieldErrors, issueErrors } from '../lib/form-errors';

type Errors = Partial<Record<string, string>>;

const STARTER: BadgeLine[] = [
  { text: '{FirstName}', size: 'xl', bold: true },
  { text: '{LastName}', size: 'lg', bold: true },
  { text: '{JobTitle}', size: 'md', bold: false },
  { text: '{Company}', size: 'md', bold: true },
];

/** The sample ticket link the preview's QR carries. */
const SAMPLE_QR = `${typeof window === 'undefined' ? '' : window.location.origin}/tickets/${sampleBadgeFields.TicketId}`;

/** E3.37, E3.38, E9.50: a badge template with a live preview on sample data. */
export function TemplateForm({
  eventId,
  template,
  types,
  onDone,
}: {
  eventId: number;
  template: BadgeTemplate | null;
  types: ParticipantType[];
  onDone(): void;
}) {
  const { t } = useTranslation();
  const save = useSaveTemplate(eventId);
  const [name, setName] = useState(template?.name ?? '');
  const [size, setSize] = useState<BadgeSize>(template?.size ?? '90x130');
  const [typeId, setTypeId] = useState<string | null>(
    template?.participantTypeId ? String(template.participantTypeId) : null,
  );
  const [isDefault, setIsDefault] = useState(template?.isDefault ?? false);
  const [lines, setLines] = useState<BadgeLine[]>(template?.lines ?? STARTER);
  const [qr, setQr] = useState<BadgeQrSize>(template?.qr ?? 'medium');
  const [text, setText] = useState(template?.text ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const setLine = (i: number, patch: Partial<BadgeLine>) =>
    setLines((all) => all.map((line, j) => (j === i ? { ...line, ...patch } : line)));
  const unknown = [
    ...new Set([...lines.flatMap((l) => unknownMergeFields(l.text)), ...unknownMergeFields(text, true)]),
  ];

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      name,
      size,
      participantTypeId: typeId ? Number(typeId) : null,
      isDefault,
      lines,
      qr,
      text: text.trim() ? text : null,
    };
    const parsed = badgeTemplateInput.safeParse(body);
    if (!parsed.success) {
      setErrors(issueErrors(t, parsed.error.issues));
      return;
    }
    save.mutate(
      { ...body, ...(template ? { id: template.id } : {}) },
      {
        onSuccess: () => {
          toast('success', t('badges.templates.saved'));
          onDone();
        },
        onError: (error) => setErrors(apiFieldErrors(t, error) ?? { form: error.message }),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="sm">
          <TextInput
            label={t('badges.template.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            required
            data-testid="template-name"
          />
          <Select
            label={t('badges.template.size')}
            data={badgeSizeKeys.map((s) => ({ value: s, label: t(`badges.template.size.${s}`) }))}
            value={size}
            onChange={(v) => v && setSize(v as BadgeSize)}
            allowDeselect={false}
            error={errors.size}
          />
          <Select
            label={t('badges.template.type')}
            placeholder={t('badges.template.typeAny')}
            data={types.map((x) => ({ value: String(x.id), label: x.name }))}
            value={typeId}
            onChange={setTypeId}
            clearable
            error={errors.participantTypeId}
          />
          <Switch
            label={t('badges.template.isDefault')}
            checked={isDefault}
            onChange={(e) => setIsDefault(e.currentTarget.checked)}
          />
          <Title order={3} size="h5">
            {t('badges.template.lines')}
          </Title>
          {lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are edited in place by position.
            <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                style={{ flex: 1, minWidth: 0 }}
                label={t('badges.template.line', { n: i + 1 })}
                value={line.text}
                onChange={(e) => setLine(i, { text: e.currentTarget.value })}
                error={errors.lines && i === 0 ? errors.lines : undefined}
                data-testid="template-line"
              />
              <Select
                w={96}
                aria-label={t('badges.template.lineSize', { n: i + 1 })}
                data={badgeLineSizes.map((s) => ({ value: s, label: t(`badges.template.lineSize.${s}`) }))}
                value={line.size}
                onChange={(v) => v && setLine(i, { size: v as BadgeLine['size'] })}
                allowDeselect={false}
              />
              <Checkbox
                mb={8}
                aria-label={t('badges.template.lineBold', { n: i + 1 })}
                checked={line.bold}
                onChange={(e) => setLine(i, { bold: e.currentTarget.checked })}
              />
              <ActionIcon
                mb={4}
                variant="subtle"
                color="red"
                aria-label={t('badges.template.removeLine', { n: i + 1 })}
                onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setLines((all) => [...all, { text: '', size: 'md', bold: false }])}
            disabled={lines.length >= 12}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('badges.template.addLine')}
          </Button>
          <Select
            label={t('badges.template.qr')}
            data={badgeQrSizes.map((s) => ({ value: s, label: t(`badges.template.qr.${s}`) }))}
            value={qr}
            onChange={(v) => v && setQr(v as BadgeQrSize)}
            allowDeselect={false}
          />
          <Textarea
            label={t('badges.template.text')}
            description={t('badges.template.textHint')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={8}
            error={errors.text}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        </Stack>
        <Stack gap="sm" align="center">
          <Title order={3} size="h5" style={{ alignSelf: 'flex-start' }}>
            {t('badges.template.preview')}
          </Title>
          <BadgePreview
            design={{ size, lines, qr }}
            fields={sampleBadgeFields}
            qrData={SAMPLE_QR}
            label={t('badges.template.previewLabel')}
          />
          <Text size="xs" c="dimmed" style={{ alignSelf: 'flex-start' }}>
            {t('badges.template.fields')}{' '}
            {badgeMergeFields.map((f) => (
              <Code key={f} mr={4}>{`{${f}}`}</Code>
            ))}
          </Text>
          {unknown.length > 0 && (
            <Alert color="yellow" style={{ alignSelf: 'stretch' }}>
              {t('badges.template.unknownFields', { fields: unknown.join(', ') })}
            </Alert>
          )}
        </Stack>
      </SimpleGrid>
      {errors.form && (
        <Alert color="red" role="alert" mt="sm">
          {errors.form}
        </Alert>
      )}
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={save.isPending} data-testid="template-save">
          {t('badges.template.save')}
        </Button>
      </Group>
    </form>
  );
}
