import { useId } from 'react';
import classes from './segments.module.css';

export interface SegmentsProps<V extends string> {
  /** The group's accessible name. */
  label: string;
  value: V;
  onChange(value: V): void;
  data: readonly { value: V; label: string }[];
  /** As wide as its parent, the segments sharing it. */
  fullWidth?: boolean;
  testId?: string;
}

/**
 * One of a few choices side by side, looking as Mantine's SegmentedControl, in plain radios. Mantine's
 * measures the page for its sliding indicator: a forced layout and more commits in the render that
 * mounts it (~90 ms of a slow phone in the first screen's, decision 023).
 *
 * Which to use: this one in a screen a visit can open on (the event's tabs: the attendee list's
 * view), where the first screen's time counts; Mantine's elsewhere (dialogs, the console, pages
 * reached by a click), whose sliding indicator is worth its cost there. Both are radios to a screen
 * reader and to the arrow keys. As wide as its segments, or as its parent with `fullWidth`.
 */
export function Segments<V extends string>({
  label,
  value,
  onChange,
  data,
  fullWidth,
  testId,
}: SegmentsProps<V>) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={classes.root}
      data-full-width={fullWidth || undefined}
      data-testid={testId}
    >
      {data.map((item) => (
        <label key={item.value} className={classes.segment}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={item.value}
            checked={item.value === value}
            onChange={() => onChange(item.value)}
          />
          {item.label}
        </label>
      ))}
    </div>
  );
}
