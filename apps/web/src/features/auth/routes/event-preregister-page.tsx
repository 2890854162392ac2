import { Container } from '@mantine/core';
import { RegistrationPage } from './registration-page';

/**
 * A2.45: the pre-registration form alone on a page, e.g. to embed on an event's own site. No guard
 * (A2.33): it registers someone new, whoever is signed in on the browser showing it.
 */
export function EventPreregisterPage() {
  return (
    <Container component="main" size={480} py="xl" px="lg">
      <RegistrationPage prereg />
    </Container>
  );
}
