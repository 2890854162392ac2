import {
  CHAT_INPUT_MAX_ROWS,
  CHAT_INPUT_MIN_ROWS,
  CHAT_MESSAGE_MAX_LENGTH,
  chatKeyAction,
  normalizeChatText,
} from '@foyer/contract';
import { ActionIcon, Group, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import '../i18n';
import { type Outgoing, outgoing } from '../lib/client-key';
import { isKeyReused, sendErrorText } from '../lib/send-error';

interface Props {
  /**
   * Sends the cleaned text with the message's key (E7.58: the same key when the same text is sent
   * again after a failure); rejects when it could not be sent (the text then comes back).
   */
  onSend(text: string, clientKey: string): Promise<void>;
  autoFocus?: boolean;
}

/** The message input (E5.45–E5.49): Enter sends, Shift+Enter is a newline, 1–5 rows, blank refused. */
export function Composer({ onSend, autoFocus }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  /** The message of the last send that failed: sent again unchanged, it keeps its key. */
  const unsent = useRef<Outgoing | null>(null);
  const hintId = useId();

  const send = async () => {
    const text = normalizeChatText(value);
    if (text === '') {
      setError(t('chat.composer.blank'));
      return;
    }
    if (text.length > CHAT_MESSAGE_MAX_LENGTH) {
      setError(t('chat.composer.tooLong', { max: CHAT_MESSAGE_MAX_LENGTH }));
      return;
    }
    setError(null);
    setSending(true);
    setValue('');
    const message = outgoing(unsent.current, text);
    unsent.current = message;
    try {
      await onSend(text, message.key);
      unsent.current = null;
    } catch (e) {
      // A key the server refused stays refused: the text goes again as a new message, with a new key.
      if (isKeyReused(e)) unsent.current = null;
      setValue((current) => current || value);
      setError(sendErrorText(t, e));
    } finally {
      setSending(false);
      input.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = chatKeyAction({
      key: event.key,
      shiftKey: event.shiftKey,
      isComposing: event.nativeEvent.isComposing,
    });
    if (action === 'send') {
      event.preventDefault();
      if (!sending) void send();
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!sending) void send();
      }}
      data-testid="chat-composer"
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          ref={input}
          flex={1}
          aria-label={t('chat.composer.label')}
          aria-describedby={hintId}
          placeholder={t('chat.composer.placeholder')}
          autosize
          minRows={CHAT_INPUT_MIN_ROWS}
          maxRows={CHAT_INPUT_MAX_ROWS}
          value={value}
          error={error}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          autoFocus={autoFocus}
          data-testid="chat-input"
        />
        <ActionIcon
          type="submit"
          size={36}
          radius="md"
          aria-label={t('chat.composer.send')}
          loading={sending}
          mb={error ? 22 : 0}
          data-testid="chat-send"
        >
          <IconSend size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <span id={hintId} hidden>
        {t('chat.composer.hint')}
      </span>
    </form>
  );
}
