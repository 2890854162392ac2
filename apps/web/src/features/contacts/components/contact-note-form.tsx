import { Button, type ButtonProps, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useSaveNote } from '../api/contacts';
import '../i18n';

/**
 * A2.77: a note added to a contact, from its page or right after scanning them. Blank text is not
 * sent; the field empties once the note is saved.
 */
export function ContactNoteForm({
  contactId,
  inputTestId,
  saveTestId,
  saveVariant,
}: {
  contactId: number;
  inputTestId: string;
  saveTestId?: string;
  saveVariant?: ButtonProps['variant'];
}) {
  const { t } = useTranslation();
  const save = useSaveNote();
  const [note, setNote] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!note.trim()) return;
        save.mutate(
          { contactId, note },
          {
            onSuccess: () => {
              setNote('');
              toast('success', t('contacts.note.saved'));
            },
          },
        );
      }}
    >
      <Stack gap={6}>
        <Textarea
          label={t('contacts.note.add')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={5}
          error={save.error?.message}
          data-testid={inputTestId}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            size="xs"
            variant={saveVariant}
            disabled={!note.trim()}
            loading={save.isPending}
            data-testid={saveTestId}
          >
            {t('contacts.note.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
