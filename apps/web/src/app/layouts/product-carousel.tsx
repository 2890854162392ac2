import { CAROUSEL_INTERVAL_MS } from '@foyer/contract';
import { ActionIcon, Group, Text, Title, UnstyledButton } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import {
  IconBuildingStore,
  IconCalendarEvent,
  IconChevronLeft,
  IconChevronRight,
  IconPlayerPause,
  IconPlayerPlay,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type FocusEvent, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import classes from './product-carousel.module.css';

const SLIDES = [
  { key: 'meet', Icon: IconUsersGroup },
  { key: 'agenda', Icon: IconCalendarEvent },
  { key: 'expo', Icon: IconBuildingStore },
] as const;

/**
 * The generic product carousel (A1.13): three slides, every 10 s, wrapping around (A9.29). It stops
 * while hovered or focused, on the pause button, and never moves by itself under reduced motion.
 */
export function ProductCarousel() {
  const { t } = useTranslation();
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const rotating = !reducedMotion && !stopped && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [rotating]);

  const go = (next: number) => setIndex((next + SLIDES.length) % SLIDES.length);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  const slide = SLIDES[index] ?? SLIDES[0];

  return (
    <section
      className={classes.root}
      aria-roledescription="carousel"
      aria-label={t('auth.carousel.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      data-testid="product-carousel"
    >
      <div aria-live={rotating ? 'off' : 'polite'} style={{ display: 'flex', flex: 1 }}>
        {/* biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern makes each slide a group; a fieldset would imply a form. */}
        <div
          key={slide.key}
          className={classes.slide}
          role="group"
          aria-roledescription="slide"
          aria-label={t('auth.carousel.position', { index: index + 1, count: SLIDES.length })}
        >
          <div className={classes.icon} aria-hidden>
            <slide.Icon size={40} stroke={1.5} />
          </div>
          <Title order={2} c="white">
            {t(`auth.carousel.${slide.key}.title`)}
          </Title>
          <Text size="lg" c="white">
            {t(`auth.carousel.${slide.key}.text`)}
          </Text>
        </div>
      </div>
      <Group justify="space-between" className={classes.controls}>
        <Group gap="xs">
          {SLIDES.map((s, i) => (
            <UnstyledButton
              key={s.key}
              className={classes.dot}
              aria-current={i === index}
              aria-label={t('auth.carousel.goTo', { index: i + 1 })}
              onClick={() => go(i)}
            />
          ))}
        </Group>
        <Group gap={4}>
          <ActionIcon
            variant="subtle"
            color="white"
            aria-label={t('auth.carousel.previous')}
            onClick={() => go(index - 1)}
          >
            <IconChevronLeft size={20} />
          </ActionIcon>
          {!reducedMotion && (
            <ActionIcon
              variant="subtle"
              color="white"
              aria-label={t(stopped ? 'auth.carousel.play' : 'auth.carousel.pause')}
              onClick={() => setStopped((s) => !s)}
            >
              {stopped ? <IconPlayerPlay size={20} /> : <IconPlayerPause size={20} />}
            </ActionIcon>
          )}
          <ActionIcon
            variant="subtle"
            color="white"
            aria-label={t('auth.carousel.next')}
            onClick={() => go(index + 1)}
          >
            <IconChevronRight size={20} />
          </ActionIcon>
        </Group>
      </Group>
    </section>
  );
}
