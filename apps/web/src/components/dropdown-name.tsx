import { Pill, VisuallyHidden } from '@mantine/core';
import { dropdownName } from '../lib/dropdown-name';

/**
 * E5.50: a person's or room's name in a dropdown, cut after 9 characters. The whole name stays
 * the accessible name (read out, found by name) and shows as the tooltip on hover.
 */
export function DropdownName({ name }: { name: string }) {
  const shown = dropdownName(name);
  if (shown === name) return <span data-testid="dropdown-name">{name}</span>;
  return (
    <span title={name} data-testid="dropdown-name" data-full-name={name}>
      <span aria-hidden>{shown}</span>
      <VisuallyHidden>{name}</VisuallyHidden>
    </span>
  );
}

/** E5.50: a chosen name as a removable pill of a multi-select, cut like the dropdown's names. */
export function DropdownNamePill({
  name,
  onRemove,
  disabled,
}: {
  name: string;
  onRemove?: () => void;
  disabled?: boolean;
}) {
  return (
    <Pill withRemoveButton={!disabled} onRemove={onRemove} disabled={disabled} title={name}>
      <DropdownName name={name} />
    </Pill>
  );
}
