import {
  IMPORT_MAX_BYTES,
  type ImportField,
  type ImportKind,
  type ImportPreview,
  type ImportValidation,
  importKinds,
  importMappingFor,
} from '@foyer/contract';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { messageText } from '../../../i18n/keys';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { oneFileDrop, tooManyFiles } from '../../../lib/one-file-drop';
import { useCommitImport, useImportJob, usePreviewImport, useValidateImport } from '../api/import';
import { ImportErrors } from '../components/import-errors';
import { ImportMapping, ImportPreviewTable } from '../components/import-mapping';
import { ImportResult } from '../components/import-result';
import '../i18n';

const ACCEPT = {
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  'application/vnd.ms-excel': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

interface UploadedFile {
  fileName: string;
  contentBase64: string;
}

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The message key of a refused call: the field's key when the server named one. */
function errorKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return 'organizer.import.error.fileTooLarge';
    const field = error.fields && Object.values(error.fields)[0];
    return field ?? error.message;
  }
  return 'organizer.import.error.fileFormat';
}

/** The console's import area (issue 12, part 4): attendees, sessions or speakers from CSV or XLSX (decision 016). */
export function ImportPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const previewCall = usePreviewImport(eventId);
  const validateCall = useValidateImport(eventId);
  const commitCall = useCommitImport(eventId);
  const [kind, setKind] = useState<ImportKind>('attendees');
  const [file, setFile] = useState<UploadedFile | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<(ImportField | null)[]>([]);
  const [validation, setValidation] = useState<ImportValidation | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const job = useImportJob(eventId, jobId);
  const busy = previewCall.isPending || validateCall.isPending || commitCall.isPending;

  const reset = () => {
    setFile(null);
    setPreview(null);
    setMapping([]);
    setValidation(null);
    setJobId(null);
    setError(null);
  };

  const drop = async (picked: File) => {
    reset();
    if (picked.size > IMPORT_MAX_BYTES) return setError('organizer.import.error.fileTooLarge');
    try {
      const uploaded = { fileName: picked.name, contentBase64: await readBase64(picked) };
      const answer = await previewCall.mutateAsync({ kind, ...uploaded });
      setFile(uploaded);
      setPreview(answer);
      setMapping(answer.mapping);
    } catch (e) {
      setError(errorKey(e));
    }
  };

  const reject = (rejections: FileRejection[]) => {
    const code = rejections[0]?.errors[0]?.code;
    setError(
      tooManyFiles(rejections)
        ? 'organizer.import.error.oneFile'
        : code === 'file-too-large'
          ? 'organizer.import.error.fileTooLarge'
          : 'organizer.import.error.fileType',
    );
  };

  const changeMapping = (next: (ImportField | null)[]) => {
    setMapping(next);
    setValidation(null);
    setError(null);
  };

  const validate = async () => {
    if (!file) return;
    const checked = importMappingFor(kind).safeParse(mapping);
    if (!checked.success)
      return setError(checked.error.issues[0]?.message ?? 'organizer.import.error.mappingRequired');
    setError(null);
    try {
      setValidation(await validateCall.mutateAsync({ kind, ...file, mapping }));
    } catch (e) {
      setError(errorKey(e));
    }
  };

  const commit = async () => {
    if (!file) return;
    setError(null);
    try {
      const started = await commitCall.mutateAsync({ kind, ...file, mapping });
      setJobId(started.id);
    } catch (e) {
      setError(errorKey(e));
    }
  };

  return (
    <Stack gap="md" maw={1100} data-testid="console-import">
      <Title order={2}>{t('organizer.import.title')}</Title>
      <Text size="sm">{t('organizer.import.intro')}</Text>
      {jobId === null && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="import-kind-label">
            {t('organizer.import.kindLabel')}
          </Text>
          <SegmentedControl
            aria-labelledby="import-kind-label"
            data={importKinds.map((k) => ({ value: k, label: t(`organizer.import.kind.${k}`) }))}
            value={kind}
            onChange={(value) => {
              reset();
              setKind(value as ImportKind);
            }}
            disabled={busy}
            fullWidth
            maw={560}
            data-testid="import-kind"
          />
          <Text size="sm" c="gray.7" data-testid="import-kind-hint">
            {t(`organizer.import.kindHint.${kind}`)}
          </Text>
        </Stack>
      )}
      {jobId === null && (
        <Dropzone
          {...oneFileDrop(drop, reject)}
          accept={ACCEPT}
          maxSize={IMPORT_MAX_BYTES}
          loading={previewCall.isPending}
          aria-label={t('organizer.import.dropLabel')}
          inputProps={{
            'aria-label': t('organizer.import.dropLabel'),
            ...({ 'data-testid': 'import-file' } as object),
          }}
        >
          <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }} wrap="nowrap">
            <Dropzone.Accept>
              <IconUpload size={36} aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={36} aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconFileSpreadsheet size={36} aria-hidden />
            </Dropzone.Idle>
            <div>
              <Text fw={500}>{file ? file.fileName : t('organizer.import.drop')}</Text>
              <Text size="sm" c="gray.7" mt={4}>
                {t('organizer.import.dropHint')}
              </Text>
            </div>
          </Group>
        </Dropzone>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="import-error-message">
          {messageText(t, error)}
        </Alert>
      )}
      {preview && jobId === null && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('organizer.import.mappingTitle', { count: preview.rowCount })}
            </Title>
            <ImportMapping kind={kind} preview={preview} mapping={mapping} onChange={changeMapping} />
            <ImportPreviewTable preview={preview} />
            <Group>
              <Button
                onClick={validate}
                loading={validateCall.isPending}
                disabled={busy}
                data-testid="import-validate"
              >
                {t('organizer.import.validate')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {validation && jobId === null && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('organizer.import.checkTitle')}
            </Title>
            <ImportErrors validation={validation} kind={kind} />
            <Group>
              <Button
                onClick={commit}
                loading={commitCall.isPending}
                disabled={busy || validation.goodCount === 0}
                data-testid="import-commit"
              >
                {t('organizer.import.commit', { count: validation.goodCount })}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {job.data && (
        <Stack gap="sm">
          <ImportResult job={job.data} />
          {job.data.state !== 'running' && (
            <Group>
              <Button variant="default" onClick={reset} data-testid="import-again">
                {t('organizer.import.again')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
