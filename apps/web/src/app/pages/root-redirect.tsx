import { Navigate } from 'react-router';
import { eventIndexPath, useDomainInfo } from '../../lib/domain';
import { FullPageLoader } from '../guards';

/** Route / (A2.01–A2.03): the domain's public event when there is one, else the event list. */
export function RootRedirect() {
  const { info, isLoading } = useDomainInfo();
  if (isLoading) return <FullPageLoader />;
  return <Navigate to={info?.domain.publicEvent ? eventIndexPath(info) : '/event/list'} replace />;
}
