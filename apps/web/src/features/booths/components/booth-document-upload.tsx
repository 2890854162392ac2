import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TOO_LARGE,
  ATTACHMENT_TYPES,
  attachmentProblem,
  type BoothDocument,
} from '@foyer/contract';
import { Button, FileButton, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { messageText } from '../../../i18n/keys';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { useUploadBoothDocument } from '../api/booths';
import '../i18n';

const ACCEPT = Object.keys(ATTACHMENT_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');

/** The file's bytes in base64, without the data: prefix. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The message key of a failed upload: the server's field message, or the size limit for a 413. */
function errorKey(error: unknown): string | null {
  if (!(error instanceof ApiError)) return error instanceof Error ? 'common.unknownError' : null;
  if (error.status === 413) return ATTACHMENT_TOO_LARGE;
  return error.fields?.contentBase64 ?? error.fields?.fileName ?? null;
}

/**
 * A5.42: attaches a file to the booth's documents: at most 5,000,000 bytes (checked here before it
 * is sent, and again by the server), in the user's language when refused. The uploaded file is
 * added as a document row; saving the form lists it on the booth.
 */
export function BoothDocumentUpload({
  eventId,
  boothId,
  disabled,
  onUploaded,
}: {
  eventId: number;
  boothId: number;
  disabled: boolean;
  onUploaded(document: BoothDocument): void;
}) {
  const { t } = useTranslation();
  const upload = useUploadBoothDocument();
  const [problem, setProblem] = useState<string | null>(null);
  const mb = ATTACHMENT_MAX_BYTES / 1_000_000;

  const pick = async (file: File | null) => {
    if (!file) return;
    upload.reset();
    const refused = attachmentProblem(file);
    setProblem(refused);
    if (refused) return;
    try {
      const contentBase64 = await readBase64(file);
      const document = await upload.mutateAsync({ eventId, id: boothId, fileName: file.name, contentBase64 });
      onUploaded(document);
    } catch (error) {
      setProblem(errorKey(error) ?? 'common.unknownError');
    }
  };

  return (
    <>
      <FileButton accept={ACCEPT} onChange={(file) => void pick(file)} disabled={disabled}>
        {(props) => (
          <Button
            {...props}
            variant="default"
            size="xs"
            leftSection={<IconUpload size={14} aria-hidden />}
            loading={upload.isPending}
            disabled={disabled}
            data-testid="booth-form-upload-document"
          >
            {t('expo.form.uploadDocument')}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="gray.7">
        {t('expo.form.uploadHint', { mb })}
      </Text>
      {problem && (
        <Text size="sm" c="red.8" role="alert" data-testid="booth-form-upload-error" w="100%">
          {messageText(t, problem, { mb })}
        </Text>
      )}
    </>
  );
}
