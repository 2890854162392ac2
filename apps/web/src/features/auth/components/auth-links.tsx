import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** Links that catalogue messages embed as <register>…</register>, <reset>…</reset>, <login>…</login>. */
export const AUTH_MESSAGE_LINKS = {
  register: <Anchor component={Link} to="/registration" inherit underline="always" fw={600} />,
  reset: <Anchor component={Link} to="/forgot-password" inherit underline="always" fw={600} />,
  login: <Anchor component={Link} to="/login" inherit underline="always" fw={600} />,
  terms: <Anchor component={Link} to="/terms" target="_blank" inherit underline="always" />,
  privacy: <Anchor component={Link} to="/privacy-notice" target="_blank" inherit underline="always" />,
};
