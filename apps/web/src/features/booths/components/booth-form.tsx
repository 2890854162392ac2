import { type BoothDetails, boothDocumentSchema, updateBoothRequest, websiteSchema } from '@foyer/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FieldPath, type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { useFieldError } from '../../../lib/form-error';
import { toast } from '../../../lib/toast';
import { useUpdateBooth } from '../api/booths';
import { BoothDocumentUpload } from './booth-document-upload';
import '../i18n';

const SOCIAL = ['linkedin', 'twitter', 'facebook', 'instagram'] as const;
const DOCUMENT_TYPES = ['document', 'link', 'bvideo'] as const;

/** The form checks what the server checks (E7.34), with the same message keys. */
const shape = updateBoothRequest.shape;
const boothFormSchema = z.object({
  boothName: shape.boothName.unwrap(),
  description: shape.description.unwrap(),
  website: websiteSchema,
  location: z.string().trim().max(300, 'validation.error.maxLength'),
  some: shape.some.unwrap().required(),
  documents: z.array(boothDocumentSchema).max(50, 'validation.error.maxItems'),
});
type BoothFormValues = z.input<typeof boothFormSchema>;
const resolver = zodResolver(boothFormSchema) as unknown as Resolver<BoothFormValues>;

function valuesOf(booth: BoothDetails): BoothFormValues {
  return {
    boothName: booth.boothName,
    description: booth.description,
    website: booth.website ?? '',
    location: booth.location ?? '',
    some: Object.fromEntries(SOCIAL.map((k) => [k, booth.some[k] ?? ''])) as BoothFormValues['some'],
    documents: booth.documents.map((d) => ({ ...d })),
  };
}

/** E7.34, A2.07: the booth's name, description, links and documents, errors under each field. */
export function BoothForm({ booth }: { booth: BoothDetails }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const update = useUpdateBooth();
  const { register, control, handleSubmit, formState, reset, setError, watch, setValue } =
    useForm<BoothFormValues>({
      resolver,
      defaultValues: valuesOf(booth),
    });
  const documents = useFieldArray({ control, name: 'documents' });
  const errors = formState.errors;
  const label = {
    boothName: t('expo.form.name'),
    description: t('expo.form.description'),
    website: t('expo.form.website'),
    location: t('expo.form.location'),
    docName: t('expo.form.documentName'),
    docUrl: t('expo.form.documentUrl'),
    docType: t('expo.form.documentType'),
  };

  const save = handleSubmit((values) =>
    update.mutate(
      {
        eventId: booth.eventId,
        id: booth.id,
        boothName: values.boothName,
        description: values.description,
        website: values.website?.trim() || null,
        location: values.location?.trim() || null,
        some: values.some,
        documents: values.documents,
      },
      {
        onSuccess(saved) {
          reset(valuesOf(saved));
          toast('success', t('expo.form.saved'));
        },
        onError(error) {
          // The server's field messages go under their fields (documents.0.url …).
          if (error instanceof ApiError && error.fields) {
            for (const [path, key] of Object.entries(error.fields)) {
              setError(path as FieldPath<BoothFormValues>, { message: key });
            }
          }
        },
      },
    ),
  );

  const serverError = update.error instanceof ApiError && !update.error.fields ? update.error : null;
  const typeOptions = (current: string) =>
    [...new Set([...DOCUMENT_TYPES, current].filter(Boolean))].map((value) => ({
      value,
      label: t(`expo.documentType.${value}`, { defaultValue: value }),
    }));

  return (
    <form noValidate onSubmit={save} data-testid="booth-form">
      <Stack gap="md">
        <TextInput
          {...register('boothName')}
          label={label.boothName}
          required
          maxLength={200}
          error={fieldError(errors.boothName, label.boothName)}
          data-testid="booth-form-name"
        />
        <Textarea
          {...register('description')}
          label={label.description}
          autosize
          minRows={4}
          maxRows={14}
          error={fieldError(errors.description, label.description)}
          data-testid="booth-form-description"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            {...register('website')}
            label={label.website}
            description={t('expo.form.websiteHint')}
            type="url"
            inputMode="url"
            error={fieldError(errors.website, label.website)}
            data-testid="booth-form-website"
          />
          <TextInput
            {...register('location')}
            label={label.location}
            description={t('expo.form.locationHint')}
            error={fieldError(errors.location, label.location)}
            data-testid="booth-form-location"
          />
          {SOCIAL.map((name) => {
            const text = t(`expo.social.${name}`);
            return (
              <TextInput
                key={name}
                {...register(`some.${name}`)}
                label={text}
                placeholder={t('expo.form.socialPlaceholder')}
                error={fieldError(errors.some?.[name], text)}
                data-testid={`booth-form-${name}`}
              />
            );
          })}
        </SimpleGrid>

        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={3} size="h5" component="legend">
            {t('expo.form.documents')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('expo.form.documentsHint')}
          </Text>
          {documents.fields.map((field, i) => {
            const docErrors = errors.documents?.[i];
            return (
              <Paper key={field.id} withBorder radius="md" p="xs" bg="gray.0">
                <Group align="flex-start" gap="xs" wrap="wrap" data-testid={`booth-form-document-${i}`}>
                  <TextInput
                    {...register(`documents.${i}.name`)}
                    label={label.docName}
                    required
                    error={fieldError(docErrors?.name, label.docName)}
                    style={{ flex: '1 1 160px' }}
                  />
                  <TextInput
                    {...register(`documents.${i}.url`)}
                    label={label.docUrl}
                    required
                    placeholder="https://"
                    error={fieldError(docErrors?.url, label.docUrl)}
                    style={{ flex: '2 1 220px' }}
                  />
                  <Select
                    label={label.docType}
                    data={typeOptions(watch(`documents.${i}.type`))}
                    value={watch(`documents.${i}.type`)}
                    onChange={(value) =>
                      setValue(`documents.${i}.type`, value ?? 'document', { shouldDirty: true })
                    }
                    allowDeselect={false}
                    error={fieldError(docErrors?.type, label.docType)}
                    style={{ flex: '1 1 120px' }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mt={26}
                    onClick={() => documents.remove(i)}
                    aria-label={t('expo.form.removeDocument', {
                      name: watch(`documents.${i}.name`) || i + 1,
                    })}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Paper>
            );
          })}
          <Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => documents.append({ name: '', url: '', type: 'document' })}
              disabled={documents.fields.length >= 50}
              data-testid="booth-form-add-document"
            >
              {t('expo.form.addDocument')}
            </Button>
            <BoothDocumentUpload
              eventId={booth.eventId}
              boothId={booth.id}
              disabled={documents.fields.length >= 50}
              onUploaded={(document) => documents.append(document)}
            />
          </Group>
        </Stack>

        {serverError && (
          <Alert color="red" role="alert" data-testid="booth-form-error">
            {serverError.message || t('common.unknownError')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            type="button"
            variant="default"
            disabled={!formState.isDirty}
            onClick={() => reset(valuesOf(booth))}
          >
            {t('expo.form.reset')}
          </Button>
          <Button
            type="submit"
            loading={update.isPending}
            disabled={!formState.isDirty}
            data-testid="booth-form-save"
          >
            {t('expo.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
