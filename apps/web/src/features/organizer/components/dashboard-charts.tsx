import type { Dashboard } from '@foyer/contract';
import { useMantineTheme } from '@mantine/core';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from '../../../i18n/react';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { type Series, type SessionBar, shortLabel } from '../lib/dashboard-data';

/**
 * The dashboard's charts (recharts, loaded with the dashboard's lazy chunk only). Each is a picture
 * for sighted users: DashboardChartCard labels it and carries the same figures as a table.
 * `accessibilityLayer` is off so the SVG takes no keyboard focus inside its role="img" wrapper.
 */

const HEIGHT = 260;
const axisTick = { fontSize: 12 };
const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Legend texts in the text colour (recharts colours them like their series, too pale for some). */
const legendText = (value: string) => <span style={{ color: 'var(--mantine-color-text)' }}>{value}</span>;

function useCategoryWidth() {
  return useBreakpoint() === 'mobile' ? 96 : 160;
}

function usePalette() {
  const { colors } = useMantineTheme();
  return [colors.blue[7], colors.teal[7], colors.grape[7], colors.orange[8], colors.cyan[8], colors.pink[7]];
}

/** Vertical bars of one count per label (registrations by day). */
export function CountByLabelChart({
  data,
  labelKey,
  countName,
}: {
  data: { label: string; count: number }[];
  labelKey?: string;
  countName: string;
}) {
  const [color] = usePalette();
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey={labelKey ?? 'label'} tickFormatter={shortLabel} tick={axisTick} minTickGap={12} />
        <YAxis allowDecimals={false} tick={axisTick} />
        <Tooltip />
        <Bar dataKey="count" name={countName} fill={color} maxBarSize={56} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Check-ins per hour, one stacked colour per area. */
export function CheckinsChart({
  rows,
  series,
}: {
  rows: Record<string, string | number>[];
  series: Series[];
}) {
  const palette = usePalette();
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="hour" tickFormatter={shortLabel} tick={axisTick} minTickGap={12} />
        <YAxis allowDecimals={false} tick={axisTick} />
        <Tooltip />
        <Legend formatter={legendText} />
        {series.map((s, i) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            stackId="areas"
            fill={palette[i % palette.length]}
            maxBarSize={56}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Horizontal bars, one row per item, with up to two stacked or side-by-side measures. */
type Row = { name: string } & Record<string, string | number>;

function HorizontalBars({
  data,
  measures,
  stacked,
}: {
  data: Row[];
  measures: { key: string; name: string; color: string }[];
  stacked?: boolean;
}) {
  const width = useCategoryWidth();
  const height = Math.max(120, data.length * (stacked ? 32 : 44) + 60);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        data={data}
        layout="vertical"
        accessibilityLayer={false}
        margin={{ top: 8, right: 16, left: 0, bottom: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={axisTick} />
        <YAxis
          type="category"
          dataKey="name"
          width={width}
          tick={axisTick}
          tickFormatter={(value: string) => truncate(value, width > 100 ? 24 : 12)}
          interval={0}
        />
        <Tooltip />
        {measures.length > 1 && <Legend formatter={legendText} />}
        {measures.map((m) => (
          <Bar
            key={m.key}
            dataKey={m.key}
            name={m.name}
            fill={m.color}
            stackId={stacked ? 'one' : undefined}
            maxBarSize={28}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Session fill: joined places, then the places left, per session. */
export function SessionsChart({ bars }: { bars: SessionBar[] }) {
  const { t } = useTranslation();
  const { colors } = useMantineTheme();
  const data = bars.map((b) => ({ name: b.name, joined: b.joined, free: b.free ?? 0 }));
  return (
    <HorizontalBars
      data={data}
      stacked
      measures={[
        { key: 'joined', name: t('organizer.dashboard.joined'), color: colors.blue[7] },
        { key: 'free', name: t('organizer.dashboard.free'), color: colors.gray[4] },
      ]}
    />
  );
}

/** Booth visits: contacts the team collected and meetings at the booth. */
export function BoothsChart({ booths }: { booths: Dashboard['boothVisits'] }) {
  const { t } = useTranslation();
  const [first, second] = usePalette();
  return (
    <HorizontalBars
      data={booths.map((b) => ({ name: b.name, contacts: b.contacts, meetings: b.meetings }))}
      measures={[
        { key: 'contacts', name: t('organizer.dashboard.contacts'), color: first! },
        { key: 'meetings', name: t('organizer.dashboard.boothMeetings'), color: second! },
      ]}
    />
  );
}

/** Votes per poll. */
export function PollsChart({ polls }: { polls: Dashboard['polls']['byPoll'] }) {
  const { t } = useTranslation();
  const palette = usePalette();
  const data = polls.map((p) => ({ name: p.question, votes: p.votes }));
  return (
    <HorizontalBars
      data={data}
      measures={[{ key: 'votes', name: t('organizer.dashboard.votes'), color: palette[2]! }]}
    />
  );
}

/** Participants per type. */
export function TypesChart({ types }: { types: { name: string; count: number }[] }) {
  const { t } = useTranslation();
  const palette = usePalette();
  return (
    <HorizontalBars
      data={types}
      measures={[{ key: 'count', name: t('organizer.dashboard.participants'), color: palette[1]! }]}
    />
  );
}
