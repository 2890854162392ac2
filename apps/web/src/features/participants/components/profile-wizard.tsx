import type { EventDetails, WizardState } from '@foyer/contract';
import { Alert, Button, Group, Paper, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { markEventProfileFilled, markWizardOffered } from '../../../lib/filled-event-profiles';
import { toast } from '../../../lib/toast';
import { useUpdateEventProfile } from '../api/event-profile';
import {
  afterWizardPath,
  formFromProfile,
  formPoints,
  stepErrors,
  stepRequest,
  type WizardForm,
} from '../lib/wizard';
import { CompletenessMeter } from './completeness-meter';
import { WizardFields } from './wizard-fields';
import '../i18n';

const TOO_MANY = 'attendees.wizard.tooManyOptions';

/**
 * E2.53, E2.74, E2.75: the profile-completion wizard. Each step is saved on "Next"; the last one
 * finishes, remembers the profile as filled (A3.24) and goes to the event's index page (E2.78).
 */
export function ProfileWizard({ event, wizard }: { event: EventDetails; wizard: WizardState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const compact = useMediaQuery('(max-width: 40em)', false, { getInitialValueInEffect: false });
  const save = useUpdateEventProfile(event.id);
  const [form, setForm] = useState<WizardForm>(() => formFromProfile(wizard.profile));
  const [active, setActive] = useState(0);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // Seen once: arriving at the event later opens it, not the wizard again (issue 15).
  useEffect(() => markWizardOffered(event.id), [event.id]);

  const steps = wizard.steps;
  const step = steps[active] ?? steps[0]!;
  const last = active === steps.length - 1;
  const hasTypes = wizard.participantTypes.length > 0;
  const current = wizard.participantTypes.find((type) => type.id === wizard.profile.typeId);
  const typeLocked = Boolean(current && !current.allowedToModify && !event.me?.organizer);
  const allErrors = stepErrors(step, form, wizard.categories, hasTypes);
  // Too many options shows at once (E5.07); the rest once the user tries to go on (E5.06).
  const errors = tried ? allErrors : allErrors.filter((e) => e.key === TOO_MANY);

  const change = (patch: Partial<WizardForm>) => {
    setServerError(null);
    setForm((f) => ({ ...f, ...patch }));
  };

  const next = () => {
    setTried(true);
    if (allErrors.length) return;
    const request = stepRequest(event.id, step, form, wizard.categories, wizard.profile);
    // A4.43: the last step marks the profile filled on the server, for every device and after logout.
    save.mutate(last ? { ...request, finished: true } : request, {
      onSuccess: () => {
        setTried(false);
        if (!last) {
          setActive(active + 1);
          return;
        }
        markEventProfileFilled(event.id);
        toast('success', t('attendees.wizard.saved'));
        navigate(afterWizardPath(event.id, event.indexPagePath));
      },
      onError: (error) =>
        setServerError(error instanceof ApiError ? error.message : t('common.unknownError')),
    });
  };

  const goTo = (index: number) => {
    if (index >= active) return; // forward only through "Next", so every step is checked and saved
    setTried(false);
    setServerError(null);
    setActive(index);
  };

  return (
    <Stack gap="lg" data-testid="profile-wizard" data-step={step}>
      <CompletenessMeter points={formPoints(form, wizard.profile.profilePhoto)} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stepper
          active={active}
          onStepClick={goTo}
          size="sm"
          iconSize={compact ? 28 : undefined}
          allowNextStepsSelect={false}
        >
          {steps.map((name, index) => (
            <Stepper.Step
              key={name}
              // On a phone the numbers stand alone; the current step is named under them.
              label={compact ? undefined : t(`attendees.wizard.step.${name}`)}
              description={compact ? undefined : t(`attendees.wizard.stepHint.${name}`)}
              aria-label={compact ? `${index + 1}. ${t(`attendees.wizard.step.${name}`)}` : undefined}
              data-testid={`wizard-step-${name}`}
            >
              <Stack gap="md" mt="md">
                {compact && (
                  <Text fw={700}>
                    {t('attendees.wizard.stepOf', {
                      step: index + 1,
                      total: steps.length,
                      name: t(`attendees.wizard.step.${name}`),
                    })}
                  </Text>
                )}
                <Text size="sm" c="dimmed">
                  {t(`attendees.wizard.intro.${name}`)}
                </Text>
                <WizardFields
                  step={name}
                  form={form}
                  onChange={change}
                  types={wizard.participantTypes}
                  typeLocked={typeLocked}
                  organizer={Boolean(event.me?.organizer)}
                  questions={wizard.categories}
                  errors={errors}
                />
              </Stack>
            </Stepper.Step>
          ))}
        </Stepper>
        {serverError && (
          <Alert color="red" role="alert" mt="md" data-testid="wizard-error">
            {serverError}
          </Alert>
        )}
        <Group justify="space-between" mt="lg">
          <Button
            variant="default"
            onClick={() => goTo(active - 1)}
            disabled={active === 0}
            data-testid="wizard-back"
          >
            {t('attendees.wizard.back')}
          </Button>
          <Button
            onClick={next}
            loading={save.isPending}
            data-testid={last ? 'wizard-finish' : 'wizard-next'}
          >
            {t(last ? 'attendees.wizard.finish' : 'attendees.wizard.next')}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
