import type { TimeSlot } from '@foyer/contract';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n';
import { useFreeSlots } from '../api/meetings-api';
import { SlotPicker } from './slot-picker';

interface MessageFormProps {
  label: string;
  /** Shown when the field is empty: the E5 default text the server uses for a blank message. */
  placeholder?: string;
  initial?: string;
  submitLabel: string;
  submitColor?: string;
  pending: boolean;
  onSubmit(message: string): void;
  onCancel?: () => void;
  testId: string;
}

/** A message and one action: send, edit, decline (E5.15), cancel a meeting (E5.21). */
export function MessageForm(props: MessageFormProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState(props.initial ?? '');
  return (
    <form
      noValidate
      data-testid={props.testId}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit(message.trim());
      }}
    >
      <Stack gap="sm">
        <Textarea
          label={props.label}
          placeholder={props.placeholder}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          data-testid={`${props.testId}-message`}
        />
        <Group justify="flex-end" gap="xs">
          {props.onCancel && (
            <Button variant="default" onClick={props.onCancel}>
              {t('meetings.action.back')}
            </Button>
          )}
          <Button
            type="submit"
            color={props.submitColor}
            loading={props.pending}
            data-testid={`${props.testId}-submit`}
          >
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface SlotFormProps {
  eventId: number;
  participantId: number;
  /** When moving a meeting, its own slot does not count as busy. */
  meetingId: number | null;
  fromParticipantId?: number | null;
  /** E5.14, E5.22: the default text may name the chosen time. */
  messagePlaceholder?: (slot: TimeSlot | null) => string;
  submitLabel: string;
  pending: boolean;
  onSubmit(slot: TimeSlot, message: string): void;
  onCancel(): void;
  testId: string;
}

/** Accept (E4.20) or propose another time (E4.25): a slot is required (E5.16), a message is optional. */
export function SlotForm(props: SlotFormProps) {
  const { t } = useTranslation();
  const slots = useFreeSlots(
    props.eventId,
    props.participantId,
    props.meetingId,
    props.fromParticipantId ?? null,
  );
  const [slot, setSlot] = useState<TimeSlot | null>(null);
  const [message, setMessage] = useState('');
  return (
    <form
      noValidate
      data-testid={props.testId}
      onSubmit={(e) => {
        e.preventDefault();
        if (slot) props.onSubmit(slot, message.trim());
      }}
    >
      <Stack gap="sm">
        <SlotPicker
          offer={slots.data}
          loading={slots.isPending}
          error={slots.error}
          value={slot}
          onChange={setSlot}
        />
        <Textarea
          label={t('meetings.form.messageOptional')}
          placeholder={props.messagePlaceholder?.(slot)}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={2000}
          data-testid={`${props.testId}-message`}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onCancel}>
            {t('meetings.action.back')}
          </Button>
          <Button
            type="submit"
            disabled={!slot}
            loading={props.pending}
            data-testid={`${props.testId}-submit`}
          >
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
