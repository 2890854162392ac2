import type { RegistrationField } from '@foyer/contract';
import { Checkbox, MultiSelect, Select, TextInput } from '@mantine/core';
import { type Control, Controller, type FieldError, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../../../i18n/react';
import { useFieldError } from '../../../lib/form-error';
import { dynKey, type RegistrationValues } from './registration-schema';

interface Props {
  form: RegistrationField[];
  control: Control<RegistrationValues>;
  register: UseFormRegister<RegistrationValues>;
  errors: Record<string, FieldError | undefined> | undefined;
}

/** What the form shows for a field: its label, else its name with a capital first letter. */
export function fieldLabel(field: Pick<RegistrationField, 'fieldName' | 'label'>): string {
  const label = field.label?.trim();
  if (label) return label;
  const name = field.fieldName.trim();
  return name.charAt(0).toLocaleUpperCase() + name.slice(1);
}

/** The event's own registration fields (A5.13), each with its own error (A5.14). */
export function DynamicFields({ form, control, register, errors }: Props) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  return form.map((field, i) => {
    const name = `dyn.${dynKey(i)}` as const;
    const label = fieldLabel(field);
    // Messages name the field as the form shows it, not by its internal fieldName (A5.14).
    const error = fieldError(errors?.[dynKey(i)], label);
    const common = {
      // E5.02: with requiredLabel the label itself says "(required)" or "(optional)", so the
      // input's accessible name carries it too.
      label: field.requiredLabel
        ? `${label} ${t(field.required ? 'registration.form.requiredSuffix' : 'registration.form.optionalSuffix')}`
        : label,
      required: field.required,
      error,
      'data-testid': `reg-field-${i}`,
    };
    // The label already says "(required)": no asterisk as well (a checkbox never shows one).
    const asterisk = field.requiredLabel ? { withAsterisk: false } : {};
    if (field.type === 'text') {
      return (
        <TextInput key={name} {...register(name)} {...common} {...asterisk} placeholder={field.placeholder} />
      );
    }
    return (
      <Controller
        key={name}
        control={control}
        name={name}
        render={({ field: input }) => {
          if (field.type === 'checkbox') {
            return (
              <Checkbox
                {...common}
                ref={input.ref}
                name={input.name}
                checked={input.value === true}
                onChange={(event) => input.onChange(event.currentTarget.checked)}
                onBlur={input.onBlur}
              />
            );
          }
          if (field.type === 'multiselect') {
            return (
              <MultiSelect
                {...common}
                {...asterisk}
                ref={input.ref}
                data={field.dataList ?? []}
                placeholder={field.placeholder}
                value={Array.isArray(input.value) ? input.value : []}
                onChange={input.onChange}
                onBlur={input.onBlur}
                searchable
              />
            );
          }
          return (
            <Select
              {...common}
              {...asterisk}
              ref={input.ref}
              data={field.dataList ?? []}
              placeholder={field.placeholder}
              value={typeof input.value === 'string' && input.value ? input.value : null}
              onChange={(value) => input.onChange(value ?? '')}
              onBlur={input.onBlur}
            />
          );
        }}
      />
    );
  });
}
