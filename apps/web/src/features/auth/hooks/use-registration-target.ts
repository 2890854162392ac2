import type { RegistrationField } from '@foyer/contract';
import { useSearchParams } from 'react-router';
import { useDomainInfo, usePublicEvent } from '../../../lib/domain';
import type { RegistrationMode } from '../components/registration-schema';

export interface RegistrationTarget {
  eventId: number | null;
  eventName: string | null;
  mode: RegistrationMode;
  form: RegistrationField[];
  simpleWithCity: boolean;
  /** False when the server says the event takes no registrations now. */
  open: boolean;
  isLoading: boolean;
}

/**
 * Which event a registration screen registers for and with which form: the eventId query wins over
 * the host's event (A2.17); type=simplereg picks the simple form with a city field (A2.18); an event
 * that signs up by ticket id picks ticket mode (A5.08); the event's own fields come along (A5.13).
 */
export function useRegistrationTarget(prereg = false): RegistrationTarget {
  const [params] = useSearchParams();
  const domain = useDomainInfo();
  const queryId = Number(params.get('eventId'));
  const fromQuery = Number.isInteger(queryId) && queryId > 0 ? queryId : null;
  const eventId = fromQuery ?? domain.info?.event.id ?? null;
  const onHost = domain.info && domain.info.event.id === eventId;
  const byId = usePublicEvent(onHost ? null : fromQuery);
  const info = onHost ? domain.info : byId.info;
  const simplereg = params.get('type') === 'simplereg';
  const mode: RegistrationMode = prereg
    ? 'prereg'
    : simplereg
      ? 'simplereg'
      : info?.domain.useTicketIdForSignup
        ? 'ticket'
        : 'standard';
  return {
    eventId,
    eventName: info?.event.name ?? null,
    mode,
    form: info?.event.registrationForm ?? [],
    simpleWithCity: simplereg,
    open: info ? info.event.registrationOpen !== false : true,
    isLoading: byId.isLoading,
  };
}
