import { Avatar } from '@mantine/core';

/** A booth's logo, or its initials on the brand colour when it has none. */
export function BoothLogo({ src, name, size }: { src: string | null; name: string; size: number }) {
  return (
    <Avatar
      src={src}
      name={name}
      alt=""
      size={size}
      radius="md"
      color="foyer"
      styles={{ image: { objectFit: 'contain', background: 'var(--mantine-color-white)' } }}
      style={{ border: '1px solid var(--mantine-color-gray-3)', flexShrink: 0 }}
    />
  );
}
