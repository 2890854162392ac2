import type { TimeSlot } from '@foyer/contract';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import '../i18n';
import { useFreeSlots } from '../api/meetings-api';
import { rangeOf, useDisplayZone } from '../lib/meeting-time';
import { SlotPicker } from './slot-picker';
import { SuggestSlots } from './suggest-slots';

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
  /** More fields between the message and the buttons. */
  extra?: ReactNode;
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
        {props.extra}
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
  /** Issue 15: the times the sender suggested; those still free are one click away. */
  suggested?: readonly TimeSlot[];
  suggestedLabel?: string;
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
        <SuggestedChoice
          suggested={props.suggested ?? []}
          free={slots.data?.days.flatMap((d) => d.slots) ?? []}
          label={props.suggestedLabel ?? ''}
          value={slot}
          onChange={setSlot}
        />
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

interface InviteFormProps {
  eventId: number;
  participantId: number;
  pending: boolean;
  onSubmit(message: string, suggested: TimeSlot[]): void;
}

/** A new meeting request (E4.17, E5.19): the message, and up to three suggested times (issue 15). */
export function InviteForm(props: InviteFormProps) {
  const { t } = useTranslation();
  const [suggested, setSuggested] = useState<TimeSlot[]>([]);
  return (
    <MessageForm
      label={t('meetings.form.message')}
      initial={t('meetings.default.invitation')}
      placeholder={t('meetings.default.invitation')}
      submitLabel={t('meetings.action.send')}
      pending={props.pending}
      testId="meet-send"
      extra={
        <SuggestSlots
          eventId={props.eventId}
          participantId={props.participantId}
          value={suggested}
          onChange={setSuggested}
        />
      }
      onSubmit={(message) => props.onSubmit(message, suggested)}
    />
  );
}

/** The sender's suggestions that are still free for both, as buttons above the full picker. */
function SuggestedChoice(props: {
  suggested: readonly TimeSlot[];
  free: readonly TimeSlot[];
  label: string;
  value: TimeSlot | null;
  onChange(slot: TimeSlot | null): void;
}) {
  const zone = useDisplayZone();
  const open = props.suggested.filter((s) => props.free.some((f) => f.sessionId === s.sessionId));
  if (open.length === 0) return null;
  return (
    <Stack gap={4} data-testid="suggested-choice">
      <Text size="sm" fw={500} id="suggested-choice-label">
        {props.label}
      </Text>
      <Group gap={6} role="group" aria-labelledby="suggested-choice-label">
        {open.map((slot) => {
          const selected = props.value?.sessionId === slot.sessionId;
          return (
            <Button
              key={slot.sessionId}
              size="xs"
              variant={selected ? 'filled' : 'light'}
              aria-pressed={selected}
              onClick={() => props.onChange(selected ? null : slot)}
              data-testid="suggested-slot"
            >
              {rangeOf(slot.sdt, slot.edt, zone)}
            </Button>
          );
        })}
      </Group>
    </Stack>
  );
}
