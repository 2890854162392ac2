import { type PushTopic, pushTopics } from '@foyer/contract';
import { Alert, Badge, Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { disablePush, enablePush, type PushState, pushState } from '../../../lib/web-push';
import { useMutePush, usePushSettings } from '../api/push';
import '../../../i18n/account';

/**
 * Push notifications on this device (issue 15): turn them on or off for this browser, and choose
 * the topics (for every device). E-mail and SMS keep their own table below (A9.43, A9.44).
 */
export function PushCard() {
  const { t, i18n } = useTranslation();
  const settings = usePushSettings();
  const mute = useMutePush();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const refresh = useCallback(() => pushState().then(setState), []);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const publicKey = settings.data?.publicKey ?? null;
  // On, with another account or language before: the server learns this browser's present ones.
  const language = i18n.language;
  useEffect(() => {
    if (state === 'on' && publicKey) void enablePush(publicKey, language).catch(() => undefined);
  }, [state, publicKey, language]);

  const turn = async (on: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      if (on && publicKey) {
        const next = await enablePush(publicKey, language);
        setState(next);
        if (next === 'on') toast('success', t('account.push.turnedOn'));
      } else {
        await disablePush();
        await refresh();
      }
    } catch {
      setFailed(true);
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  // The boxes follow a click at once (a checkbox that waits for the network feels broken); the
  // server's answer, or a refusal, brings them back in line with the stored settings.
  const [clicked, setClicked] = useState<PushTopic[] | null>(null);
  const muted = clicked ?? settings.data?.muted ?? [];
  const toggle = (topic: PushTopic, wanted: boolean) => {
    const next = wanted ? muted.filter((m) => m !== topic) : [...muted, topic];
    setClicked(next);
    mute.mutate(next, { onSettled: () => setClicked(null) });
  };

  const status =
    state === 'on' ? (
      <Badge color="teal.9" variant="filled" data-testid="push-state" style={{ flexShrink: 0 }}>
        {t('account.push.on')}
      </Badge>
    ) : state === 'off' ? (
      <Badge color="gray.7" variant="outline" data-testid="push-state" style={{ flexShrink: 0 }}>
        {t('account.push.off')}
      </Badge>
    ) : null;

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="push-title" data-testid="push-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h5" id="push-title">
            {t('account.push.title')}
          </Title>
          {status}
        </Group>
        <Text size="sm" c="gray.7">
          {t('account.push.intro')}
        </Text>
        {state === 'unsupported' && (
          <Alert color="gray" data-testid="push-unsupported">
            {t('account.push.unsupported')}
          </Alert>
        )}
        {state === 'denied' && (
          <Alert color="yellow" data-testid="push-denied">
            {t('account.push.denied')}
          </Alert>
        )}
        {failed && (
          <Alert color="red" role="alert">
            {t('account.push.failed')}
          </Alert>
        )}
        {(state === 'on' || state === 'off') && publicKey && (
          <Group>
            <Button
              variant={state === 'on' ? 'default' : 'filled'}
              loading={busy}
              onClick={() => void turn(state !== 'on')}
              data-testid="push-toggle"
            >
              {state === 'on' ? t('account.push.turnOff') : t('account.push.turnOn')}
            </Button>
          </Group>
        )}
        <Stack gap="xs" role="group" aria-labelledby="push-topics">
          <Text size="sm" fw={600} id="push-topics">
            {t('account.push.topics')}
          </Text>
          {pushTopics.map((topic) => (
            <Checkbox
              key={topic}
              label={t(`account.push.topic.${topic}`)}
              checked={!muted.includes(topic)}
              disabled={settings.isPending}
              onChange={(event) => toggle(topic, event.currentTarget.checked)}
              data-testid={`push-topic-${topic}`}
            />
          ))}
        </Stack>
        {mute.isError && (
          <Alert color="red" role="alert">
            {mute.error.message || t('common.unknownError')}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
