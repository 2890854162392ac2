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
 * One of a few choices side by side, looking as Mantine's SegmentedControl, in plain radios: a first
 * screen's control (the attendee list's view). Mantine's measures the page for its sliding
 * indicator: a forced layout and more commits in the first screen's (~90 ms of a slow phone).
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
