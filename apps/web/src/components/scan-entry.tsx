import { parseScannedCode } from '@foyer/contract';
import { Button, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { IconCamera, IconKeyboard } from '@tabler/icons-react';
import { useState } from 'react';
import { QrScanner, type QrScannerMessages } from './qr-scanner';

type Source = 'camera' | 'type';

/** Has the browser a way to ask for a camera at all? */
const mayHaveCamera = () => typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

/** The entry's texts, in the caller's language (a shared component carries no catalogue). */
export interface ScanEntryMessages {
  source: string;
  camera: string;
  type: string;
  codeLabel: string;
  codeHint: string;
  submit: string;
  scanner: QrScannerMessages;
}

interface Props {
  /** A code to collect: never empty (E5.43, empty text is ignored here). */
  onCode(code: string): void;
  busy: boolean;
  error?: string | undefined;
  messages: ScanEntryMessages;
  testId: string;
}

/**
 * E1.11: where a scanned code comes from, for the contacts and the booth leads: the camera (the
 * shared QR scanner), or typed, pasted, or from a handheld scanner that types it and presses Enter.
 * A pasted vCard spans lines, so Enter sends only a one-line code; the button sends anything.
 */
export function ScanEntry({ onCode, busy, error, messages, testId }: Props) {
  const [source, setSource] = useState<Source>(() => (mayHaveCamera() ? 'camera' : 'type'));
  const [text, setText] = useState('');
  const send = (value: string) => {
    if (parseScannedCode(value) === null) return; // E5.43
    onCode(value.trim());
  };
  const label = (icon: React.ReactNode, text: string) => (
    <Group gap={6} wrap="nowrap" justify="center">
      {icon}
      {text}
    </Group>
  );
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={source}
        onChange={(value) => setSource(value as Source)}
        aria-label={messages.source}
        data={[
          { value: 'camera', label: label(<IconCamera size={16} aria-hidden />, messages.camera) },
          { value: 'type', label: label(<IconKeyboard size={16} aria-hidden />, messages.type) },
        ]}
        data-testid={`${testId}-source`}
      />
      {source === 'camera' ? (
        <>
          <QrScanner
            onCode={send}
            paused={busy}
            messages={messages.scanner}
            data-testid={`${testId}-camera`}
          />
          {error && (
            <Text c="red.8" size="sm" role="alert">
              {error}
            </Text>
          )}
        </>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            send(text);
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={messages.codeLabel}
              description={messages.codeHint}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              onKeyDown={(e) => {
                // A handheld scanner ends a badge code with Enter; a vCard keeps its new lines.
                if (e.key === 'Enter' && !e.shiftKey && !/^\s*BEGIN:VCARD/i.test(text)) {
                  e.preventDefault();
                  send(text);
                }
              }}
              autosize
              minRows={1}
              maxRows={8}
              autoComplete="off"
              spellCheck={false}
              error={error}
              data-autofocus
              data-testid={`${testId}-code`}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={busy} disabled={!text.trim()} data-testid={`${testId}-submit`}>
                {messages.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
